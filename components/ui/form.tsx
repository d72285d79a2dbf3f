"use client";

import { createContext, type ComponentProps } from "react";

/** True inside a `Form`: its submit buttons need JavaScript. */
export const ScriptForm = createContext(false);

/**
 * A form that JavaScript submits (its `onSubmit`, or an `action` that is a client function). Until the page is hydrated
 * its submit buttons are disabled (`Button` reads `ScriptForm`), so a submit on a page that is
 * still plain HTML is not lost; and it is a POST, so even then no field (a password, an email)
 * would land in the address bar or a request log (React itself makes a client-function action's
 * form inert). Forms whose `action` is a server action work
 * without JavaScript and stay plain `<form>`s.
 */
export function Form(props: ComponentProps<"form">) {
  return (
    <ScriptForm value={true}>
      <form method={typeof props.action === "function" ? undefined : "post"} {...props} />
    </ScriptForm>
  );
}
