import type { ReactNode } from "react";
import { AuthFrame } from "~/components/auth/auth-frame.tsx";

/** The frame of the OAuth pages: the sign-in pages' look, a little wider for the consent details. */
export function OAuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <AuthFrame
      width="max-w-md"
      footer={
        footer ? (
          <footer className="max-w-md text-center text-sm text-muted-foreground">{footer}</footer>
        ) : null
      }
    >
      {children}
    </AuthFrame>
  );
}
