/* "Share result" on a finished game (templates/games/show.html, the winner banner): draws an
   image of the final standings, the winner and the score chart (data-result, from the server's
   views/game_page.result_card) and hands it to the phone's share sheet (Web Share with files);
   where a browser cannot share files, the image is downloaded instead. Without JavaScript the
   button stays hidden. */
import { _, language } from "./i18n.js";


const WIDTH = 1080, HEIGHT = 1350, PAD = 64;
const INK = "#1f2933", MUTED = "#5f6b7a", GREEN = "#17603a", PALE = "#e8f3ec", LINE = "#d4dae1";

function ordinal(n) {
  const teen = n % 100 >= 10 && n % 100 <= 20;
  return n + (teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th"));
}

function fit(ctx, text, width) {
  if (ctx.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(cut + "…").width > width) cut = cut.slice(0, -1);
  return cut + "…";
}

function header(ctx, result) {
  ctx.fillStyle = GREEN;
  ctx.fillRect(0, 0, WIDTH, 150);
  ctx.fillStyle = "#fff";
  ctx.font = "bold 56px sans-serif";
  ctx.fillText(fit(ctx, _("%(game)s: final result", { game: result.game }), WIDTH - 2 * PAD), PAD, 98);
  ctx.fillStyle = PALE;
  ctx.fillRect(PAD, 190, WIDTH - 2 * PAD, 170);
  ctx.fillStyle = GREEN;
  ctx.font = "bold 64px sans-serif";
  const title = (result.winners > 1 ? _("Winners: %(names)s", { names: result.winner }) : _("Winner: %(names)s", { names: result.winner }));
  ctx.fillText(fit(ctx, title, WIDTH - 4 * PAD), 2 * PAD, 270);
  ctx.fillStyle = MUTED;
  ctx.font = "36px sans-serif";
  const word = result.hands === 1 ? result.word : result.words;
  ctx.fillText(_("Game over after %(rounds)s %(round_word)s.", { rounds: result.hands, round_word: word }), 2 * PAD, 325);
}

function standings(ctx, result, top) {
  const rowHeight = Math.min(72, 380 / Math.max(result.rows.length, 1));
  ctx.font = "bold " + Math.round(rowHeight * 0.55) + "px sans-serif";
  result.rows.forEach((row, i) => {
    const y = top + i * rowHeight + rowHeight * 0.7;
    ctx.fillStyle = MUTED;
    ctx.fillText(ordinal(row.rank), PAD, y);
    ctx.fillStyle = INK;
    ctx.fillText(fit(ctx, row.name, WIDTH - 2 * PAD - 360), PAD + 130, y);
    const total = String(row.total);
    ctx.fillText(total, WIDTH - PAD - ctx.measureText(total).width, y);
  });
  return top + result.rows.length * rowHeight;
}

function chart(ctx, result, top, bottom) {
  const left = PAD + 90, right = WIDTH - PAD, height = bottom - top;
  const all = result.series.flatMap((s) => s.totals).concat([0]);
  const low = Math.min(...all), high = Math.max(...all), span = high - low || 1;
  const hands = Math.max(result.hands, 1);
  const x = (i) => left + (right - left) * (i / hands);
  const y = (v) => top + height - height * ((v - low) / span);
  ctx.strokeStyle = LINE;
  ctx.lineWidth = 2;
  ctx.strokeRect(left, top, right - left, height);
  ctx.fillStyle = MUTED;
  ctx.font = "28px sans-serif";
  for (const value of new Set([low, 0, high])) {
    ctx.fillText(String(value), PAD, y(value) + 10);
  }
  result.series.forEach((series) => {
    ctx.strokeStyle = series.colour;
    ctx.lineWidth = 6;
    ctx.beginPath();
    ctx.moveTo(x(0), y(0));
    series.totals.forEach((total, i) => ctx.lineTo(x(i + 1), y(total)));
    ctx.stroke();
  });
  let legend = left;
  ctx.font = "bold 28px sans-serif";
  result.series.forEach((series) => {
    ctx.fillStyle = series.colour;
    ctx.fillRect(legend, bottom + 30, 36, 12);
    ctx.fillStyle = INK;
    const name = fit(ctx, series.name, 160);
    ctx.fillText(name, legend + 44, bottom + 46);
    legend += 44 + ctx.measureText(name).width + 30;
  });
}

/* The result as a PNG (a Blob). */
export function draw(result) {
  const canvas = document.createElement("canvas");
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  header(ctx, result);
  const below = standings(ctx, result, 400);
  ctx.fillStyle = INK;
  ctx.font = "bold 36px sans-serif";
  ctx.fillText(_("Totals after each %(round_word)s", { round_word: result.word }), PAD, below + 70);
  chart(ctx, result, below + 100, HEIGHT - 150);
  ctx.fillStyle = MUTED;
  ctx.font = "26px sans-serif";
  ctx.fillText(_("Kept with Scorekeeper · %(date)s", { date: new Date().toLocaleDateString(language()) }), PAD, HEIGHT - 40);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

function tell(button, text) {
  let line = button.parentElement.querySelector(".share-result-state");
  if (!line) {
    line = document.createElement("span");
    line.className = "share-result-state";
    line.setAttribute("role", "status");
    button.after(line);
  }
  line.textContent = text;
}

async function share(button) {
  const result = JSON.parse(button.dataset.result);
  const blob = await draw(result);
  const name = (result.game + " result").toLowerCase().replace(/[^a-z0-9]+/g, "-") + ".png";
  const file = new File([blob], name, { type: "image/png" });
  const said = { game: result.game, names: result.winner };
  const text = result.winners > 1 ? _("%(game)s: winners %(names)s.", said) : _("%(game)s: winner %(names)s.", said);
  if (navigator.canShare && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: result.game + " result", text });
      tell(button, _("Shared."));
    } catch (err) {
      tell(button, err && err.name === "AbortError" ? "" : _("Could not share; try again."));
    }
    return;
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  tell(button, _("This browser cannot share images: saved as %(name)s.", { name: name }));
}

function offer() {
  for (const button of document.querySelectorAll("[data-share-result]")) button.hidden = false;
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-share-result]");
  if (button) share(button);
});
document.addEventListener("live:change", offer);  // a game that ends while the page is open
offer();
