/** The Portico mark: an archway (a portico) framing a connection point. A class replaces the default size. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className ?? "size-8"}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M9 24V14a7 7 0 0 1 14 0v10"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        className="stroke-primary-foreground"
      />
      <circle cx="16" cy="17" r="2.5" className="fill-primary-foreground" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-2 text-lg font-semibold tracking-tight ${className ?? ""}`}
    >
      <LogoMark className="size-7" />
      Portico
    </span>
  );
}
