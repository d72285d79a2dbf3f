/** Times as merchants read them: Africa/Lagos (DESIGN.md); the ISO string goes in `title`. */
const short = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Lagos" });
const withSeconds = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "medium", timeZone: "Africa/Lagos" });

export function formatDateTime(date: Date | string, opts: { seconds?: boolean } = {}): string {
  return (opts.seconds ? withSeconds : short).format(typeof date === "string" ? new Date(date) : date);
}
