/**
 * Secrets a test used (passwords, staff tokens, raw confirmation and unsubscribe tokens). Every test file hands its
 * logs to `leakedIn` at the end: a secret found in any log line fails the suite. JWTs are also matched by their
 * signature part alone, so a log that printed just a fragment of a token is caught too.
 */
export class SecretWatch {
  private readonly secrets = new Set<string>();

  add(...values: (string | undefined)[]): void {
    for (const value of values) {
      if (!value || value.length < 8) continue;
      this.secrets.add(value);
      const parts = value.split('.');
      if (parts.length === 3 && parts[2] && parts[2].length >= 20) this.secrets.add(parts[2]);
    }
  }

  /** Confirmation and unsubscribe tokens in the links of a mail. */
  addTokensFrom(text: string): void {
    for (const match of text.matchAll(/token=([A-Za-z0-9_-]{20,})/g)) this.add(match[1]);
  }

  get size(): number {
    return this.secrets.size;
  }

  /**
   * The secrets (shortened, so the failure message does not print them whole) found in `logs`, and any JWT-shaped
   * string at all: no log line has a reason to hold a token, even one this file did not make. The tokens in `mails`
   * (the messages the file's SMTP sink received) count as secrets too.
   */
  leakedIn(logs: string, mails: readonly { raw: string }[] = []): string[] {
    for (const mail of mails) this.addTokensFrom(mail.raw);
    const known = [...this.secrets].filter((secret) => logs.includes(secret));
    const jwtShaped = [...logs.matchAll(/eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{20,}/g)].map((match) => match[0]);
    return [...new Set([...known, ...jwtShaped])].map((secret) => `${secret.slice(0, 6)}…`);
  }
}
