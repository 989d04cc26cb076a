import type { ReactNode } from "react";
import { AuthFrame } from "./auth-frame.tsx";

interface AuthLayoutProps {
  title: string;
  description: string;
  children: ReactNode;
  /** The link to the other auth page, under the card. */
  footer: ReactNode;
}

export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <AuthFrame width="max-w-sm" footer={<footer className="text-sm text-muted-foreground">{footer}</footer>}>
      <div className="mb-6 flex flex-col gap-1 text-center">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </AuthFrame>
  );
}
