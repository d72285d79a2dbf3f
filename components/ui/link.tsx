"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

/**
 * The app's link: next/link that prefetches on intent (pointer over it, focus, touch) instead
 * of on sight. Next prefetches every link in view by default, and every page here is dynamic,
 * so each prefetch is a server render of the layout and its queries: a dashboard page view cost
 * about 55 of them (the menu, the list's rows), 55 renders for one page a person looks at. On
 * intent, a page view costs one request per link actually reached for, and the click still
 * finds the page fetched. Every `<Link>` in app/ and components/ is this one (lint).
 */
export default function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, href, ...props }: ComponentProps<typeof NextLink>) {
  const router = useRouter();
  const url = typeof href === "string" ? href : null;
  const onIntent = prefetch !== false && url !== null && url.startsWith("/");
  const warm = () => {
    if (onIntent) router.prefetch(url);
  };
  return (
    <NextLink
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(e) => {
        warm();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        warm();
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        warm();
        onTouchStart?.(e);
      }}
    />
  );
}
