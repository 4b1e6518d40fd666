// Términos del glosario: la extensión abbr los marca con <abbr title="definición"> y Material (content.tooltips)
// muestra la definición al pasar el ratón o al recibir el foco. Un <abbr> no recibe el foco del teclado: aquí se
// le da tabindex="0". No dentro de un enlace o un botón, que ya son enfocables (y HTML no admite anidarlos).
document.querySelectorAll("abbr[title]").forEach(function (termino) {
  if (!termino.closest("a, button, summary, label")) {
    termino.tabIndex = 0;
  }
});
