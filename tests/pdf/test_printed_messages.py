"""Printed sheets word the engine's messages as the pages do (issue 10): the sentence first,
then the rule id in small print (paper has no links)."""

from __future__ import annotations

from scorekeeper.printing.documents import environment


def test_a_printed_note_reads_sentence_first_with_the_rule_id_small():
    printed = (
        environment()
        .from_string("<p>{{ note | reason }}</p>")
        .render(note="CR-3: these cards read as a set or a run; counted as a run")
    )
    assert printed == (
        '<p>These cards read as a set or a run; counted as a run <small class="rule-ref">(CR-3)</small></p>'
    )


def test_a_printed_note_is_escaped():
    printed = environment().from_string("{{ note | reason }}").render(note="CZ-1: <b>wild</b>")
    assert printed == '&lt;b&gt;wild&lt;/b&gt; <small class="rule-ref">(CZ-1)</small>'
