// Tiny media payloads for the fixture's image and audio content: a 1×1 red PNG and a 1 ms silent
// 16-bit mono WAV (8 kHz), both generated for this fixture.
export const RED_PIXEL_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

export const SILENT_WAV_BASE64 =
  "UklGRjQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YRAAAAAAAAAAAAAAAAAAAAAAAAAA";
