// Two-factor facts shared by the server and the forms: how long a trusted device skips the code, and the
// shape of backup codes, which the server makes and the sign-in form reads back. People copy them from paper, so the alphabet leaves out look-alikes (0/o, 1/l/i) and is
// lower case only; 12 characters of 31 give about 59 bits, as much as the plugin's own 10 of 62.
/** How long "trust this device" skips the second step (the plugin's default, said once for both sides). */
export const TRUST_DEVICE_DAYS = 30;

export const BACKUP_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const BACKUP_CODE_LENGTH = 12;
export const BACKUP_CODE_COUNT = 10;

/** "abcd-efgh-jkmn": groups of four, as printed and as stored. */
export function formatBackupCode(characters: string): string {
  return characters.match(/.{1,4}/g)?.join("-") ?? characters;
}

/** A code as typed (any case, with or without dashes and spaces) in its stored form, or null. */
export function normalizeBackupCode(typed: string): string | null {
  const characters = typed.toLowerCase().replace(/[\s-]/g, "");
  if (characters.length !== BACKUP_CODE_LENGTH) return null;
  if ([...characters].some((character) => !BACKUP_CODE_ALPHABET.includes(character))) return null;
  return formatBackupCode(characters);
}
