import { useQueryClient } from "@tanstack/react-query";
import { Link, useRouter } from "@tanstack/react-router";
import { LogOut, ShieldCheck, UserRound } from "lucide-react";
import { toast } from "sonner";
import { authClient } from "~/components/auth/auth-client.ts";
import { Button } from "~/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu.tsx";
import type { SessionUser } from "~/server/session/session-user.ts";

export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0]}${words.at(-1)?.[0]}` : (words[0] ?? email).slice(0, 2);
  return letters.toUpperCase();
}

export function UserMenu({ user }: { user: SessionUser }) {
  const router = useRouter();
  const queryClient = useQueryClient();

  const signOut = async () => {
    const { error } = await authClient().signOut();
    if (error) {
      toast.error(error.message ?? "Could not sign out. Please try again.");
      return;
    }
    queryClient.clear();
    await router.navigate({ to: "/sign-in" });
  };

  const initials = initialsOf(user.name, user.email);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The visible initials start the name (WCAG 2.5.3 label in name), so saying "click JD" works too. */}
        <Button
          variant="ghost"
          size="icon"
          className="rounded-full"
          aria-label={`${initials}, account menu for ${user.name}`}
        >
          <span className="flex size-8 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary">
            {initials}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate">{user.name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/app/account">
            <UserRound /> Your account
          </Link>
        </DropdownMenuItem>
        {user.role === "admin" ? (
          <DropdownMenuItem asChild>
            <Link to="/app/admin">
              <ShieldCheck /> Admin
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
