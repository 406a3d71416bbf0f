"""What the page sweeps measure on a page, each in the page's own script (tests/browser/test_axe.py's
English sweep, tests/browser/test_layout_sweep_browser.py's languages, German at 360 px): axe-core's
findings, weak control edges, and what the page's load reported (a script blocked by the content
policy, a script that threw or did not load). A sweep visits some 200 pages a language, so what
can be asked in one round trip to the browser is asked in one."""

from __future__ import annotations

import re
from pathlib import Path

from tests.site_pages import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
#: the rules whose verdict a page's colours alone can change: what a second colour scheme is checked by
#: (the stylesheet's dark scheme sets colours only, nothing shown, hidden, sized or named differently)
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
#: axe's violations, as lines; called with [tags, skipped rules] or [tags, skipped rules, the only rules]
RUN_AXE = """async ([tags, skip, only]) => {
  const rules = Object.fromEntries(skip.map(id => [id, {enabled: false}]));
  // (a rule list overrides the rules switched off: the skipped ones are left out of it)
  const runOnly = only ? {type: 'rule', values: only.filter(id => !skip.includes(id))} : {type: 'tag', values: tags};
  const result = await axe.run(document, {runOnly, rules, resultTypes: ['violations']});
  return result.violations.map(v => `${v.id} (${v.impact}): ${v.help} at `
    + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ') + (v.nodes.length > 3 ? ' ...' : ''));
}"""
# Controls whose boundary (the border, or the control's own fill where it has no border) is under
# 3:1 against the colour behind the control, and how many were measured. A button drawn with
# neither (a bare text button, a chip showing a card face) is named by its content, and disabled
# controls are exempt (WCAG 1.4.11); a text field, select or text area always needs its edge.
WEAK_EDGES = """() => {
  const rgb = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); const p = m ? m[1].split(',').map(Number) : [0, 0, 0, 0];
                     return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const over = (top, base) => ({r: top.r * top.a + base.r * (1 - top.a), g: top.g * top.a + base.g * (1 - top.a),
                                b: top.b * top.a + base.b * (1 - top.a), a: 1});
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                     return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const ratio = (x, y) => { const a = lum(x), b = lum(y); return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
  const behind = e => { const layers = [];
    for (let n = e; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.a > 0) { layers.push(c); if (c.a >= 1) break; } }
    let base = rgb(getComputedStyle(document.documentElement).backgroundColor);
    if (base.a === 0) base = {r: 255, g: 255, b: 255, a: 1};
    for (const l of layers.reverse()) base = over(l, base);
    return base; };
  const controls = document.querySelectorAll(
    'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea, button, a.button, .pill');
  const weak = [];
  let fields = 0;
  for (const e of controls) {
    const s = getComputedStyle(e);
    if (e.disabled || !e.getClientRects().length || s.visibility === 'hidden') continue;
    const ground = behind(e.parentElement), fill = over(rgb(s.backgroundColor), ground);
    const border = rgb(s.borderTopColor), drawn = parseFloat(s.borderTopWidth) > 0 && s.borderTopStyle !== 'none'
                                                 && border.a > 0;
    const edge = Math.max(drawn ? ratio(over(border, ground), ground) : 0, ratio(fill, ground));
    const field = e.matches('input, select, textarea');
    if (!field && !drawn && ratio(fill, ground) < 1.01) continue;  // neither border nor fill: named by its content
    fields += field;
    if (edge < 3) weak.push(`${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${e.className} ${edge.toFixed(2)}:1`);
  }
  return {weak, fields}; }"""
FOLLOWER_GAME_PAGE = re.compile(r"/games/[^/?]+")


def skipped_rules(page: Page) -> list[str]:
    """Rules not judged on this page. Only one: a follower's game page still re-loads itself
    with a timed <meta http-equiv="refresh">, which the live updates of issue 9 replace; until
    they land, axe's meta-refresh rule is off on that page alone."""
    return ["meta-refresh"] if page.secret is None and FOLLOWER_GAME_PAGE.fullmatch(page.path) else []


#: what a page's load reports, recorded from its first script on: what the content policy blocked,
#: and a <script> whose module (or an import of it) failed to load (a broken import stops the whole
#: page's script silently, with no exception of its own)
LOAD_WATCH = """window.__blocked = []; window.__failedScripts = [];
document.addEventListener('securitypolicyviolation', e => window.__blocked.push(
  `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || ''}:${e.lineNumber})`));
document.addEventListener('error', e => {
  if (e.target && e.target.tagName === 'SCRIPT') window.__failedScripts.push(e.target.src || 'inline');
}, true);"""
#: the page as it loaded: LOAD_WATCH's findings, whether base.html's inline script ran and the stylesheet
#: applied (not the browser's default margin), the page modules it fetched (an unversioned URL marked)
LOADED = """() => ({
  blocked: window.__blocked || ['the watch did not run'],
  failed: (window.__failedScripts || ['the watch did not run']).map(src => 'did not load: ' + src),
  js: document.documentElement.classList.contains('js'),
  margin: getComputedStyle(document.body).margin,
  modules: performance.getEntriesByType('resource').map(e => new URL(e.name))
    .filter(u => u.pathname.startsWith('/static/js/'))
    .map(u => u.pathname.slice(11) + (u.searchParams.has('v') ? '' : ' (unversioned)'))})"""


def measure_js(layout: str) -> str:
    """One scheme's measure in one round trip (``layout``: tests/browser/layout_checks.py's LAYOUT), called
    with [scheme, tags, skipped rules, the language whose pages get the layout checks, the only axe rules
    run (null: every rule of the tags)]."""
    return f"""async ([scheme, tags, skip, laidOut, only]) => ({{
  scheme: matchMedia(`(prefers-color-scheme: ${{scheme}})`).matches,
  lang: document.documentElement.lang,
  axe: await ({RUN_AXE})([tags, skip, only]),
  edges: ({WEAK_EDGES})(),
  layout: document.documentElement.lang === laidOut ? ({layout})() : null}})"""


class LoadWatch:
    """A context's pages watched as they load (LOAD_WATCH, uncaught errors and the console's policy
    reports); :meth:`read` gives what the page last loaded reported, and starts afresh."""

    def __init__(self, context, page) -> None:
        context.add_init_script(LOAD_WATCH)
        self.thrown: list[str] = []
        self.console: list[str] = []
        page.on("pageerror", lambda error: self.thrown.append(f"{error.name}: {error.message}"))
        page.on(
            "console",
            lambda m: self.console.append(m.text) if "Content Security Policy" in m.text else None,
        )

    def read(self, page) -> dict:
        page.wait_for_load_state("load")  # module scripts have run (they run before DOMContentLoaded)
        loaded = page.evaluate(LOADED)
        loaded["blocked"] += self.console
        loaded["thrown"] = self.thrown + loaded.pop("failed")
        self.thrown, self.console = [], []
        return loaded
