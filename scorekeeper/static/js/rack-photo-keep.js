/* Keeping a rack photo on this Scorekeeper server, with consent (docs/rack-photo.md, "Keeping photos,
   with consent"). Only when the player ticked the check screen's box for this photo does "Use these
   tiles" send anything: the image the phone read (at most 1,024 pixels a side, as JPEG: nothing of
   the camera's file but its pixels) and the tiles as corrected, each with its box on the photo (none
   for a tile added by hand), to the game's kept-photos address (views/kept_photos.py) with the
   form's CSRF token; the edit or seat cookie goes with it. The answer is said under the form. */
import { _ } from "./i18n.js";

/* a box in work-image pixels as fractions of the photo, held to it; none when nothing is left */
function fractions(box, width, height) {
  if (!box) { return null; }
  var f = [box[0] / width, box[1] / height, box[2] / width, box[3] / height].map(function (v) {
    return Math.round(Math.min(1, Math.max(0, v)) * 10000) / 10000;
  });
  return f[0] < f[2] && f[1] < f[3] ? f : null;
}

export function send(url, token, photo, tiles, said) {
  var canvas = document.createElement("canvas");
  canvas.width = photo.width; canvas.height = photo.height;
  canvas.getContext("2d").drawImage(photo.bitmap, 0, 0, photo.width, photo.height);
  var sent = tiles.map(function (tile) {
    return { tile: tile.token, box: fractions(tile.box, photo.width, photo.height) };
  });
  said.hidden = false;
  said.textContent = _("Keeping the photo…");
  return new Promise(function (resolve) { canvas.toBlob(resolve, "image/jpeg", 0.9); }).then(function (blob) {
    var body = new FormData();
    body.append("csrf_token", token);
    body.append("tiles", JSON.stringify(sent));
    body.append("photo", blob, "rack.jpg");
    return fetch(url, { method: "POST", body: body, credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRFToken": token } });
  }).then(function (answer) {
    return answer.json().catch(function () { return {}; }).then(function (body) {
      if (!answer.ok) { throw new Error(body.error || String(answer.status)); }
      said.textContent = _("The photo and its tiles are kept on this server. Thank you.");
    });
  }).catch(function (err) {
    said.textContent = _("The photo could not be kept: %(reason)s", { reason: err.message });
  });
}
