// Games: progressive enhancement only; every form works without this script.
// A POST form with data-confirm asks before it is sent (e.g. deleting a hand).
document.addEventListener("submit", function (event) {
  var form = event.target;
  var question = form.getAttribute && form.getAttribute("data-confirm");
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});
