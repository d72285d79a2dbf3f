/** The first stop of the keyboard on every dashboard and admin page: straight past the navigation to the page's content (`<main id="main">`). */
export function SkipLink() {
  return (
    <a
      href="#main"
      data-testid="skip-link"
      className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-accent focus:shadow-lg focus:outline-2 focus:outline-accent dark:focus:bg-neutral-900"
    >
      Skip to content
    </a>
  );
}
