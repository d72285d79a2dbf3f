/** Settings → Security: two-factor authentication (enrol, recovery codes, turn off). */
export function TwoFactorSettings() {
  return null;
}
