/* gazeta serve: a página de problemas da entrada se recarrega quando a lista muda ou quando a entrada é corrigida
   (o marcador some depois de uma regeração sem problemas). Só existe na pré-visualização, nunca no site publicado. */
(function () {
  "use strict";
  var me = document.currentScript;
  if (!me) return;
  var marker = me.getAttribute("data-marcador"), version = me.getAttribute("data-versao");
  function check() {
    fetch(marker, { cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (text) { if (text.trim() !== version) location.reload(); else setTimeout(check, 1000); },
            function () { setTimeout(check, 2000); });  /* o servidor parou ou está regerando: tenta de novo */
  }
  setTimeout(check, 1000);
})();
