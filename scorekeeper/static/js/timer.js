/* The turn timer (templates/games/_timer.html; the server's side is services/timer.py).

   Every phone counts down from what the page says: when it runs, the server time it runs out
   ("ends"), else the time left. The phone's clock offset from the server's is read once from
   the timer's JSON (GET data-state-url), so every follower shows the same second. A change
   reaches followers through the live stream (live.js swaps the section in; "live:change").

   The editor's phone runs the timer by itself: Start/Pause and "Pass to ..." act at once, here,
   then post where the timer stands (running or paused, ms left, whose turn). Offline the taps
   keep working and the last state is sent when the connection returns. At zero: a vibration
   where the phone has one and a short beep (the "Sound at zero" switch, kept per phone), and the
   line says whose time is up. The timer never records anything. */
import { _, isolatedName } from "./i18n.js";


const SOUND_KEY = "scorekeeper-timer-sound";
let offset = 0;          // server clock minus this phone's clock, in ms
let state = null;        // {seconds, running, ends (server ms), left, turn}
let local = false;       // the editor's own taps not yet confirmed by the server
let rang = null;         // the state whose zero already rang
let sending = false, unsent = false, synced = false;
let said = "";           // the note's last word from a tap (a refusal, offline), kept until one is accepted

const section = () => document.querySelector("[data-turn-timer]");

function read(node) {
  const n = (name) => parseInt(node.dataset[name], 10) || 0;
  return { seconds: n("seconds"), running: node.dataset.running === "1", ends: n("ends"), left: n("left"), turn: n("turn") };
}

/* whole ms: what is sent to the server, which keeps whole ms */
function left() {
  if (!state) return 0;
  if (!state.running) return Math.round(state.left);
  return Math.max(0, Math.min(state.seconds * 1000, Math.round(state.ends - (Date.now() + offset))));
}

function names(node) { return JSON.parse(node.dataset.names || "[]"); }

function clock(ms) {
  const s = Math.ceil(ms / 1000);
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}

function show() {
  const node = section();
  if (!node || !state || !state.seconds) return;
  const who = names(node), ms = left();
  const face = node.querySelector("[data-timer-clock]");
  const line = node.querySelector("[data-timer-state]");
  const whose = node.querySelector(".timer-whose strong");
  if (face) face.textContent = clock(ms);
  if (whose) whose.textContent = isolatedName(who[state.turn] || "");
  node.classList.toggle("running", state.running);
  node.classList.toggle("up", state.running && ms === 0);
  const toggle = node.querySelector("[data-timer-toggle]");
  if (toggle) toggle.textContent = state.running && ms > 0 ? "Pause" : (ms === 0 ? "Restart" : "Start");
  const pass = node.querySelector("[data-timer-pass]");
  if (pass) pass.textContent = _("Pass to %(names)s", { names: isolatedName(who[(state.turn + 1) % who.length]) });
  if (line) {
    line.textContent = state.running && ms === 0 ? _("Time is up for %(name)s.", { name: isolatedName(who[state.turn]) })
      : (state.running ? _("running") : _("paused")) + " · " + _("%(seconds)s s a turn", { seconds: state.seconds });
  }
  if (state.running && ms === 0) ring(who[state.turn]);
}

function ring(name) {
  const key = JSON.stringify(state);
  if (rang === key) return;
  rang = key;
  if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
  if (localStorage.getItem(SOUND_KEY) !== "off") beep();
  document.dispatchEvent(new CustomEvent("timer:up", { detail: { name } }));
}

function beep() {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  try {
    const audio = new Audio(), tone = audio.createOscillator(), gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.2, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
    tone.onended = () => audio.close();
  } catch { /* no sound on this phone */ }
}

/* The page (first load or a live swap) says where the timer stands; the editor's own taps not yet
   confirmed win over it, and are put back in the fresh section, as is the note's word on the last
   tap (a swap brings the section's plain note: a late update must not wipe the server's reason). */
function adopt() {
  const node = section();
  if (!node) { state = null; return; }
  const sound = node.querySelector("[data-timer-sound]");
  if (sound) sound.checked = localStorage.getItem(SOUND_KEY) !== "off";
  if (said) say(said);
  if (!local) state = read(node);
  if (!synced) { synced = true; syncClock(node).then(show); }
  show();
}

/* where the timer stands on the server (GET data-state-url) */
function stored(node) {
  return fetch(node.dataset.stateUrl, { credentials: "same-origin", cache: "no-store" })
    .then((r) => (r.ok ? r.json() : Promise.reject(r.status)));
}

/* whole ms: a half-ms offset would make every time left sent a fraction */
function syncClock(node) {
  const sent = Date.now();
  return stored(node)
    .then((body) => { offset = Math.round(body.now - (sent + Date.now()) / 2); })
    .catch(() => {});
}

/* ---- the editor's taps ---- */
function tap(change) {
  const ms = left();
  state = change(ms);
  local = true;
  show();
  send();
}

function send() {
  const node = section();
  if (!node || !node.dataset.tapUrl) return;
  if (sending) { unsent = true; return; }
  const token = document.querySelector("input[name=csrf_token]");
  const body = new URLSearchParams({ running: state.running ? "1" : "0", left: String(left()), turn: String(state.turn) });
  if (token) body.set("csrf_token", token.value);
  sending = true;
  unsent = false;
  fetch(node.dataset.tapUrl, { method: "POST", body, credentials: "same-origin" })
    .then((r) => r.json().then((answer) => ({ ok: r.ok, answer })))
    .then(({ ok, answer }) => {
      if (ok && !unsent) { local = false; said = ""; state = answer; }
      else if (!ok) { local = false; say(answer.error || _("The timer was not saved.")); reread(); }
    })
    .catch(() => { unsent = true; say(_("Offline: the timer runs on this phone and is sent when the connection returns.")); })
    .finally(() => { sending = false; if (unsent && navigator.onLine !== false && local) setTimeout(send, 2000); show(); });
}

/* A tap the server refused: the phone shows the timer as the server (and every follower) has it. */
function reread() {
  const node = section();
  if (!node) return;
  stored(node).then((answer) => { if (!local) { state = answer; show(); } })
    .catch(() => {});
}

function say(text) {
  said = text;
  const note = section() && section().querySelector("[data-timer-note]");
  if (note) note.textContent = text;
}

document.addEventListener("click", (event) => {
  if (!state || !state.seconds) return;
  const full = state.seconds * 1000;
  if (event.target.closest("[data-timer-toggle]")) {
    tap((ms) => {
      const running = !(state.running && ms > 0);
      const from = ms === 0 ? full : ms;
      return { seconds: state.seconds, running, turn: state.turn, left: from, ends: Date.now() + offset + from };
    });
  } else if (event.target.closest("[data-timer-pass]")) {
    const count = names(section()).length;
    tap(() => ({ seconds: state.seconds, running: true, turn: (state.turn + 1) % count, left: full,
      ends: Date.now() + offset + full }));
  }
});

document.addEventListener("change", (event) => {
  if (event.target.matches("[data-timer-sound]")) localStorage.setItem(SOUND_KEY, event.target.checked ? "on" : "off");
});

document.addEventListener("live:change", adopt);
for (const name of ["online", "live:online"]) {
  (name === "online" ? window : document).addEventListener(name, () => { if (local) send(); });
}

adopt();
setInterval(show, 250);
