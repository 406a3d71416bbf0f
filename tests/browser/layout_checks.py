"""What is cut or overflowing on a page as a phone shows it: the page sweeps' layout checks
(tests/browser/test_layout_sweep_browser.py in every language and German at 360 px too,
tests/browser/test_axe.py's light sweep in English)."""

from __future__ import annotations

from .test_topbar_browser import ROWS

#: buttons, labels and tables wider than their box (outside the blocks meant to scroll sideways)
OVERFLOWING = """() => [...document.querySelectorAll('button, a.button, label, table')]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
               && !e.closest('.table-scroll, .hands-scroll, [data-scroll-x]')
               && e.scrollWidth > e.clientWidth + 1)
  .map(e => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} "${e.innerText.trim().slice(0, 40)}" `
            + `${e.scrollWidth} > ${e.clientWidth}`)"""
#: the footer's language names whose letters run over two lines ("Englis/h"): the list wraps between
#: names, never inside one (issue 40)
SPLIT_NAMES = """() => [...document.querySelectorAll('.foot .languages a, .foot .languages strong')].filter(e => {
  const range = document.createRange(); range.selectNodeContents(e);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;
}).map(e => `the language name "${e.textContent.trim()}" breaks over two lines`)"""


#: all of the above in one round trip: what is cut or overflowing, a page that scrolls sideways, a top
#: bar that is not one line (tests/browser/test_topbar_browser.py's ROWS)
LAYOUT = f"""() => {{
  const problems = ({OVERFLOWING})().concat(({SPLIT_NAMES})());
  const sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  if (sideways > 0) problems.push(`the page scrolls sideways by ${{sideways}} px`);
  if (document.querySelector('header.topbar')) {{
    const bar = ({ROWS})();
    if (bar.spread > 2 || bar.height > 60) problems.push(`the top bar is not one line (${{JSON.stringify(bar)}})`);
  }}
  return problems; }}"""
