/* Buttons that need the server (Undo, Redo on the game page: forms marked data-needs-connection)
   keep the page when the phone is offline, instead of opening the browser's "no connection"
   page: the line under them says the change needs the connection and that nothing changed. */
import { _ } from "./i18n.js";


function tell(form, text) {
  let line = form.parentElement.querySelector(".needs-connection");
  if (!line) {
    line = document.createElement("p");
    line.className = "needs-connection flash flash-error";
    line.setAttribute("role", "alert");
    form.parentElement.after(line);
  }
  line.textContent = text;
}

document.addEventListener("submit", (event) => {
  const form = event.target.closest("form[data-needs-connection]");
  if (!form || navigator.onLine) return;
  event.preventDefault();
  tell(form, _("%(action)s needs the connection: nothing was changed. Tap it again when this phone is back online.",
    { action: form.dataset.needsConnection }));
});
window.addEventListener("online", () => {
  for (const line of document.querySelectorAll(".needs-connection")) line.remove();
});
