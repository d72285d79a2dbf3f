import { SMTPServer } from "smtp-server";

/** The port of the e2e run's SMTP capture: scripts/e2e-server.ts points SMTP_URL at it; e2e/accounts.spec.ts listens on it. */
export function e2eSmtpPort(appPort: number): number {
  return appPort + 20000;
}

export type CapturedMail = { to: string[]; subject: string; text: string };

/** Undoes quoted-printable (soft line breaks, =XX bytes) of a plain-text body. */
function decodeQuotedPrintable(body: string): string {
  return Buffer.from(
    body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}

/** Undoes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) of a header, e.g. a subject with ₦. */
function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=(\s+(?==\?UTF-8\?))?/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

function parse(raw: string, to: string[]): CapturedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const subject = decodeHeader(/^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? "");
  const qp = /^Content-Transfer-Encoding: quoted-printable/im.test(head);
  const b64 = /^Content-Transfer-Encoding: base64/im.test(head);
  const text = qp ? decodeQuotedPrintable(body) : b64 ? Buffer.from(body, "base64").toString("utf8") : body;
  return { to, subject, text };
}

/**
 * A tiny SMTP server that keeps every mail it receives (plain text, no TLS, no auth): what the
 * app sends with SMTP_URL=smtp://127.0.0.1:<port>. For tests (vitest and Playwright).
 */
export async function startSmtpCapture(port = 0): Promise<{
  port: number;
  url: string;
  mails: CapturedMail[];
  waitFor: (pred: (m: CapturedMail) => boolean) => Promise<CapturedMail>;
  close: () => Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  const waiters: { pred: (m: CapturedMail) => boolean; resolve: (m: CapturedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = parse(
          Buffer.concat(chunks).toString("utf8"),
          session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        );
        mails.push(mail);
        for (const w of waiters.splice(0)) {
          if (w.pred(mail)) w.resolve(mail);
          else waiters.push(w);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as { port: number }).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    mails,
    waitFor: (pred) => {
      const found = mails.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ pred, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
