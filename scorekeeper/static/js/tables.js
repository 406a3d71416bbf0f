// Seat picker: the roster players are seated in the order they are tapped (the hidden "order"
// field says so); without JavaScript the checked players sit in roster order.
  document.querySelectorAll(".seat-picker").forEach(function (picker) {
    var orderField = picker.querySelector('input[name="order"]');
    var order = orderField.value ? orderField.value.split(",") : [];
    var boxes = picker.querySelectorAll('input[name="seat"]');
    function show() {
      order = order.filter(function (id) {
        return picker.querySelector('input[name="seat"][value="' + id + '"]:checked');
      });
      boxes.forEach(function (box) {
        if (box.checked && order.indexOf(box.value) < 0) order.push(box.value);
        box.parentNode.querySelector(".seat-no").textContent = box.checked ? String(order.indexOf(box.value) + 1) : "";
      });
      orderField.value = order.join(",");
    }
    boxes.forEach(function (box) { box.addEventListener("change", show); });
    show();
  });
