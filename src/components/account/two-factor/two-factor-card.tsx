// The account page's "Two-factor authentication" card: whether sign-in asks for a code after the
// password, and turning that on (setup-two-factor.tsx), new backup codes, and turning it off.
import { useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/components/ui/card.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { PasswordDialog } from "../password-dialog.tsx";
import { BackupCodes } from "./backup-codes.tsx";
import { SetupPasswordStep, SetupScanStep } from "./setup-two-factor.tsx";
import { renewBackupCodes, type TwoFactorSetup, turnOffTwoFactor } from "./two-factor-calls.ts";

type View =
  | { step: "overview" }
  | { step: "password" }
  | { step: "scan"; setup: TwoFactorSetup }
  | { step: "codes"; codes: string[]; justEnabled: boolean };

export function TwoFactorCard({ enabled, email }: { enabled: boolean; email: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ step: "overview" });
  // Turning it on or off renews the session: the account (state, session list) is read again.
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.get.queryKey() });
  const overview = () => setView({ step: "overview" });
  // The control that moved the card on is gone with its step: focus goes to the new step (the password
  // step focuses its own field), so keyboard and screen-reader users continue where they are.
  const stepRegion = useRef<HTMLDivElement>(null);
  const shownStep = useRef(view.step);
  useEffect(() => {
    if (shownStep.current === view.step) return;
    shownStep.current = view.step;
    if (view.step !== "password") stepRegion.current?.focus();
  }, [view.step]);

  return (
    // id: the target of "Set up two-factor authentication" on an organization's two-factor-required screen.
    <Card data-testid="two-factor-card" id="two-factor" className="scroll-mt-20">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Two-factor authentication</CardTitle>
          {enabled ? (
            <Badge variant="success">
              <ShieldCheck aria-hidden="true" />
              On
            </Badge>
          ) : (
            <Badge variant="outline">Off</Badge>
          )}
        </div>
        <CardDescription>
          {enabled
            ? "Signing in asks for a code from your authenticator app after your password."
            : "Ask for a code from an authenticator app after your password, so a stolen password alone cannot open your account."}
        </CardDescription>
      </CardHeader>
      <div ref={stepRegion} tabIndex={-1} className="flex flex-col gap-4 outline-none">
        {view.step === "password" ? (
          <CardContent className="pt-2">
            <SetupPasswordStep onStarted={(setup) => setView({ step: "scan", setup })} onCancel={overview} />
          </CardContent>
        ) : view.step === "scan" ? (
          <CardContent className="pt-2">
            <SetupScanStep
              setup={view.setup}
              onCancel={overview}
              onConfirmed={() => {
                void refresh();
                toast.success("Two-factor authentication is on");
                setView({ step: "codes", codes: view.setup.backupCodes, justEnabled: true });
              }}
            />
          </CardContent>
        ) : view.step === "codes" ? (
          <>
            <CardContent className="flex flex-col gap-3 pt-2">
              {view.justEnabled ? (
                <p className="text-sm">
                  Two-factor authentication is on. If you lose your phone, these backup codes are how you sign
                  in.
                </p>
              ) : null}
              <BackupCodes codes={view.codes} email={email} />
            </CardContent>
            <CardFooter className="pt-2">
              <Button type="button" onClick={overview}>
                I have saved my backup codes
              </Button>
            </CardFooter>
          </>
        ) : enabled ? (
          <CardFooter className="flex-wrap pt-2">
            <PasswordDialog
              trigger={<Button variant="outline">New backup codes</Button>}
              title="New backup codes"
              description="Makes 10 new backup codes. The ones you have now stop working."
              confirmLabel="Make new codes"
              pendingLabel="Making…"
              onConfirm={async (password) =>
                setView({ step: "codes", codes: await renewBackupCodes(password), justEnabled: false })
              }
            />
            <PasswordDialog
              trigger={<Button variant="destructive">Turn off</Button>}
              title="Turn off two-factor authentication"
              description="Signing in will ask only for your password again, and your backup codes and trusted devices stop working."
              confirmLabel="Turn off"
              pendingLabel="Turning off…"
              destructive
              onConfirm={async (password) => {
                await turnOffTwoFactor(password);
                await refresh();
                toast.success("Two-factor authentication is off");
              }}
            />
          </CardFooter>
        ) : (
          <CardFooter className="pt-2">
            <Button type="button" onClick={() => setView({ step: "password" })}>
              Set up two-factor authentication
            </Button>
          </CardFooter>
        )}
      </div>
    </Card>
  );
}
