// Términos del glosario: la extensión abbr los marca con <abbr title="definición"> y, al pasar el ratón o al
// recibir el foco, se muestra la definición en el tooltip de Material (content.tooltips: las mismas clases
// md-tooltip2 y el mismo CSS). Un <abbr> no recibe el foco del teclado: aquí se le da tabindex="0". No dentro de
// un enlace o un botón, que ya son enfocables (y HTML no admite anidarlos).
//
// Rendimiento (Lighthouse móvil, tiempo de bloqueo): Material monta al cargar (DOMContentLoaded, en una sola
// tarea) un tooltip con sus observables de RxJS para cada elemento con title del contenido. En la página principal
// hay más de cincuenta términos: eran unos 9 ms de hilo principal sin frenar la CPU (unos 35 ms de bloqueo
// simulado en móvil), aunque el lector no llegue a pasar por ninguno. Por eso los términos esconden su title
// mientras Material monta (este script se ejecuta justo antes, con defer: docs/.overrides/main.html) y lo
// recuperan enseguida; su tooltip lo crea este script cuando hace falta, con el marcado de Material
// (div.md-tooltip2[role=tooltip] > div.md-tooltip2__inner.md-typeset), las mismas variables de posición y los
// mismos tiempos: aparece al entrar el ratón o el foco y se retira 250 ms después de salir. Mientras se ve, el
// término lo señala con aria-describedby y no lleva title (el navegador no muestra además el suyo). Sin
// JavaScript queda el title del navegador. Los demás tooltips (enlaces permanentes, copiar el código…) son los
// de Material. Si Material se actualiza, compara este marcado con el suyo (su función Vt del bundle).
(function () {
  const terminos = [...document.querySelectorAll("abbr[title]")];
  for (const termino of terminos) {
    if (!termino.closest("a, button, summary, label")) termino.tabIndex = 0;
    termino.dataset.gcDefinicion = termino.title;
    termino.removeAttribute("title");
  }
  // Material monta sus componentes en su propio DOMContentLoaded, registrado antes (su bundle va delante).
  document.addEventListener(
    "DOMContentLoaded",
    () => {
      for (const termino of terminos) if (!termino.gcTooltip) termino.title = termino.dataset.gcDefinicion;
    },
    { once: true },
  );

  let siguiente = 0;
  const activos = new Set();

  function colocar(termino) {
    const tooltip = termino.gcTooltip;
    const caja = termino.getBoundingClientRect();
    const estilo = tooltip.style;
    estilo.setProperty("--md-tooltip-host-x", `${caja.x + window.scrollX}px`);
    estilo.setProperty("--md-tooltip-host-y", `${caja.y + window.scrollY}px`);
    estilo.setProperty("--md-tooltip-x", `${caja.width / 2}px`);
    estilo.setProperty("--md-tooltip-y", `${8 + caja.height}px`);
    estilo.setProperty("--md-tooltip-width", `${tooltip.firstElementChild.offsetWidth}px`);
    estilo.setProperty("--md-tooltip-tail", "0px");
  }

  function mostrar(termino) {
    if (activos.has(termino)) return;
    clearTimeout(termino.gcRetirar);
    let tooltip = termino.gcTooltip;
    if (!tooltip) {
      tooltip = document.createElement("div");
      tooltip.className = "md-tooltip2 md-tooltip2--bottom";
      tooltip.setAttribute("role", "tooltip");
      tooltip.id = `__tooltip2_glosario_${siguiente++}`;
      const interior = document.createElement("div");
      interior.className = "md-tooltip2__inner md-typeset";
      interior.textContent = termino.dataset.gcDefinicion;
      tooltip.append(interior);
      termino.removeAttribute("title");
      document.body.append(tooltip);
      termino.gcTooltip = tooltip;
    }
    colocar(termino);
    activos.add(termino);
    termino.setAttribute("aria-describedby", tooltip.id);
    // En la tarea siguiente, como Material: la transición de entrada parte del estado inicial ya pintado.
    setTimeout(() => activos.has(termino) && tooltip.classList.add("md-tooltip2--active"));
  }

  function ocultar(termino) {
    if (!termino.gcTooltip || termino.matches(":hover") || termino.contains(document.activeElement)) return;
    activos.delete(termino);
    termino.gcTooltip.classList.remove("md-tooltip2--active");
    termino.removeAttribute("aria-describedby");
    termino.gcRetirar = setTimeout(() => {
      termino.gcTooltip.remove();
      termino.gcTooltip = null;
      termino.title = termino.dataset.gcDefinicion;
    }, 250);
  }

  const termino = (evento) => evento.target.closest && evento.target.closest("abbr[data-gc-definicion]");
  for (const tipo of ["mouseover", "focusin"]) {
    document.addEventListener(tipo, (evento) => {
      const t = termino(evento);
      if (t) mostrar(t);
    });
  }
  for (const tipo of ["mouseout", "focusout"]) {
    document.addEventListener(tipo, (evento) => {
      const t = termino(evento);
      // Salir hacia un hijo del término no es salir; el foco ya se ha ido cuando llega focusout.
      if (t && !(evento.relatedTarget && t.contains(evento.relatedTarget))) setTimeout(() => ocultar(t));
    });
  }
  // Dentro de una tabla con desplazamiento propio, el término se mueve sin que se mueva la página.
  const recolocar = () => activos.forEach(colocar);
  addEventListener("scroll", recolocar, { capture: true, passive: true });
  addEventListener("resize", recolocar, { passive: true });
})();
