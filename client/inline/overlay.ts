/**
 * The overlay the hosted checkout opens in: a full-screen sheet on phones (< 640 px wide), a
 * centred modal on wider screens. It locks the page's scroll, keeps focus inside itself (the
 * rest of the page is made inert) and closes on Esc and on its close button. Styles are set
 * through the CSSOM (element.style), which a shop's CSP without 'unsafe-inline' still allows.
 */

export type Overlay = { iframe: HTMLIFrameElement; remove(): void };

const PHONE = "(max-width: 639.98px)";

function css(el: HTMLElement, styles: Partial<CSSStyleDeclaration>) {
  Object.assign(el.style, styles);
}

export function openOverlay(src: string, onCloseRequest: () => void): Overlay {
  const doc = document;
  const previousFocus = doc.activeElement as HTMLElement | null;
  const root = doc.createElement("div");
  root.setAttribute("data-owo-inline", "");
  root.setAttribute("role", "dialog");
  root.setAttribute("aria-modal", "true");
  root.setAttribute("aria-label", "Checkout");
  css(root, {
    position: "fixed",
    inset: "0",
    zIndex: "2147483647",
    background: "rgba(15, 23, 42, 0.6)",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
  });

  const panel = doc.createElement("div");
  css(panel, { position: "relative", background: "#f5f5f5", overflow: "hidden", boxShadow: "0 20px 50px rgba(0,0,0,0.35)" });

  const close = doc.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", "Close checkout");
  close.setAttribute("data-owo-close", "");
  close.textContent = "\u00d7";
  css(close, {
    position: "absolute",
    top: "8px",
    right: "8px",
    width: "36px",
    height: "36px",
    borderRadius: "18px",
    border: "0",
    background: "rgba(255,255,255,0.95)",
    color: "#171717",
    font: "24px/36px system-ui, sans-serif",
    cursor: "pointer",
    zIndex: "1",
    padding: "0",
  });
  close.addEventListener("click", onCloseRequest);

  const iframe = doc.createElement("iframe");
  iframe.src = src;
  iframe.title = "Checkout";
  iframe.setAttribute("allow", "clipboard-write");
  css(iframe, { border: "0", width: "100%", height: "100%", display: "block", background: "transparent" });

  // Focus guards around the checkout: tabbing off either end wraps to the other.
  const guard = () => {
    const g = doc.createElement("span");
    g.tabIndex = 0;
    g.setAttribute("data-owo-focus-guard", "");
    css(g, { position: "absolute", width: "1px", height: "1px", overflow: "hidden", opacity: "0" });
    return g;
  };
  const first = guard();
  const last = guard();
  first.addEventListener("focus", () => iframe.focus());
  last.addEventListener("focus", () => close.focus());
  panel.append(first, close, iframe, last);
  root.append(panel);

  const media = window.matchMedia(PHONE);
  const layout = () => {
    if (media.matches) css(panel, { width: "100%", height: "100%", maxWidth: "none", maxHeight: "none", borderRadius: "0" });
    else css(panel, { width: "440px", height: "min(760px, 92vh)", maxWidth: "92vw", maxHeight: "92vh", borderRadius: "14px" });
  };
  layout();
  media.addEventListener("change", layout);

  // Scroll lock: the page behind does not move.
  const html = doc.documentElement;
  const saved = { html: html.style.overflow, body: doc.body.style.overflow };
  html.style.overflow = "hidden";
  doc.body.style.overflow = "hidden";

  // Focus trap: everything else on the page is inert while the overlay is open (and the guards above).
  const madeInert: Element[] = [];
  for (const el of Array.from(doc.body.children)) {
    if (el !== root && !el.hasAttribute("inert")) {
      el.setAttribute("inert", "");
      madeInert.push(el);
    }
  }
  doc.body.append(root);
  const keepFocus = (e: FocusEvent) => {
    if (e.target instanceof Node && !root.contains(e.target)) close.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      onCloseRequest();
    }
  };
  doc.addEventListener("focusin", keepFocus);
  doc.addEventListener("keydown", onKey);
  iframe.addEventListener("load", () => iframe.focus(), { once: true });
  close.focus();

  return {
    iframe,
    remove() {
      media.removeEventListener("change", layout);
      doc.removeEventListener("focusin", keepFocus);
      doc.removeEventListener("keydown", onKey);
      for (const el of madeInert) el.removeAttribute("inert");
      html.style.overflow = saved.html;
      doc.body.style.overflow = saved.body;
      root.remove();
      previousFocus?.focus?.();
    },
  };
}
