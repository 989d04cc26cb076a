export const LEGAL_UPDATED = "March 17, 2026";
