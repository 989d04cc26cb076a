// A fake Google Drive API v3, written from Google's reference (not from Portico's code):
// https://developers.google.com/workspace/drive/api/reference/rest/v3 — files list/get (alt=media
// downloads)/export/create/update, multipart upload (/upload/drive/v3/files?uploadType=multipart) and
// permissions.create. Served on Google's shared API host next to the Calendar fake.
import type { ServerResponse } from "node:http";
import { googleError, pageOf } from "./google-api.ts";
import { json, type RecordedRequest } from "./http-fake.ts";

export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  content?: string | Buffer;
  /** Bytes, as a string (Drive's int64 format). */
  size?: string;
  description?: string;
  trashed?: boolean;
}

export interface FakeDrive {
  files: FakeDriveFile[];
  permissions: { fileId: string; body: Record<string, unknown> }[];
  /** The user about.get names. */
  aboutEmail: string;
  /** Handles Drive's paths; false for any other path. */
  handle(request: RecordedRequest, response: ServerResponse): boolean;
}

const EXPORTABLE: Record<string, string[]> = {
  "application/vnd.google-apps.document": ["text/plain", "text/html", "application/pdf"],
  "application/vnd.google-apps.spreadsheet": ["text/csv", "application/pdf"],
  "application/vnd.google-apps.presentation": ["text/plain", "application/pdf"],
};

/** Only the fields asked for ("id,name" or "nextPageToken,files(id,name)"), as Drive answers. */
function select(file: FakeDriveFile, fields: string | null) {
  const full = {
    kind: "drive#file",
    ...file,
    webViewLink: `https://drive.google.com/file/d/${file.id}/view`,
  };
  const { content: _content, ...visible } = full;
  if (!fields) return { kind: "drive#file", id: file.id, name: file.name, mimeType: file.mimeType };
  const inner = /files\(([^)]*)\)/.exec(fields)?.[1] ?? fields;
  const wanted = inner.split(",").map((item) => item.trim());
  return Object.fromEntries(Object.entries(visible).filter(([key]) => wanted.includes(key)));
}

/**
 * Whether a query's string literals close: inside '…' a quote is written \' and a backslash \\ (the
 * search guide); an odd quote left over is Drive's 400 "Invalid Value" for `q`.
 */
function quotesBalance(q: string) {
  return q.replace(/\\./g, "").split("'").length % 2 === 1;
}

/** The parts of Drive's query language the tests use: name contains, mimeType =, 'id' in parents, trashed. */
function matches(file: FakeDriveFile, q: string | null) {
  return (q ?? "")
    .split(/\s+and\s+/i)
    .filter(Boolean)
    .every((term) => {
      let found = /^name contains '(.*)'$/.exec(term);
      if (found) return file.name.includes((found[1] ?? "").replace(/\\(['\\])/g, "$1"));
      found = /^mimeType = '(.*)'$/.exec(term);
      if (found) return file.mimeType === found[1];
      found = /^'(.*)' in parents$/.exec(term);
      if (found) return file.parents.includes(found[1] ?? "");
      if (term === "trashed = false") return !file.trashed;
      return false;
    });
}

function parseMultipart(contentType: string, body: string) {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (!boundary) return null;
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head = "", ...rest] = part.replace(/^\r\n/, "").split("\r\n\r\n");
      return {
        type: /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1] ?? "",
        body: rest.join("\r\n\r\n").replace(/\r\n$/, ""),
      };
    });
  return parts.length === 2 ? parts : null;
}

export function createFakeDrive(): FakeDrive {
  let sequence = 0;
  const drive: FakeDrive = {
    files: [],
    permissions: [],
    aboutEmail: "user@acme.test",
    handle(request, response) {
      const upload = request.path === "/upload/drive/v3/files";
      if (!request.path.startsWith("/drive/v3/") && !upload) return false;
      const segments = request.path
        .replace(/^\/drive\/v3\//, "")
        .split("/")
        .map(decodeURIComponent);
      const file = drive.files.find((item) => item.id === segments[1]);
      const notFound = () =>
        googleError(response, 404, "NOT_FOUND", `File not found: ${segments[1]}.`, "notFound");
      const fields = request.query.get("fields");
      const body = () => JSON.parse(request.body || "{}") as Record<string, unknown>;

      if (upload && request.method === "POST") {
        if (request.query.get("uploadType") !== "multipart") {
          googleError(response, 400, "INVALID_ARGUMENT", "Invalid uploadType", "badRequest");
          return true;
        }
        const parts = parseMultipart(String(request.headers["content-type"] ?? ""), request.body);
        if (parts?.[0]?.type !== "application/json") {
          googleError(response, 400, "INVALID_ARGUMENT", "Malformed multipart body.", "badContent");
          return true;
        }
        const metadata = JSON.parse(parts[0].body) as Partial<FakeDriveFile>;
        const created: FakeDriveFile = {
          id: `file${++sequence}`,
          name: metadata.name ?? "Untitled",
          mimeType: metadata.mimeType ?? parts[1]?.type ?? "application/octet-stream",
          parents: metadata.parents ?? ["root"],
          content: parts[1]?.body,
          description: metadata.description,
        };
        drive.files.push(created);
        json(response, 200, select(created, fields));
        return true;
      }
      const route = `${request.method} ${segments.map((item, index) => (index === 1 ? ":id" : item)).join("/")}`;
      if (route === "GET files") {
        if (!quotesBalance(request.query.get("q") ?? "")) {
          googleError(response, 400, "INVALID_ARGUMENT", "Invalid Value", "invalid");
          return true;
        }
        const found = drive.files.filter((item) => matches(item, request.query.get("q")));
        const { slice, next } = pageOf(found, request, Number(request.query.get("pageSize") ?? 100));
        json(response, 200, {
          kind: "drive#fileList",
          incompleteSearch: false,
          files: slice.map((item) => select(item, fields)),
          ...next,
        });
      } else if (route === "POST files") {
        const metadata = body() as Partial<FakeDriveFile>;
        const created = {
          id: `file${++sequence}`,
          name: String(metadata.name),
          mimeType: String(metadata.mimeType),
          parents: metadata.parents ?? ["root"],
        };
        drive.files.push(created);
        json(response, 200, select(created, fields));
      } else if (route === "GET files/:id") {
        if (!file) notFound();
        else if (request.query.get("alt") === "media") {
          if (file.mimeType.startsWith("application/vnd.google-apps.")) {
            googleError(
              response,
              403,
              "PERMISSION_DENIED",
              "Only files with binary content can be downloaded. Use Export with Docs Editors files.",
              "fileNotDownloadable",
            );
          } else {
            response.writeHead(200, { "content-type": file.mimeType }).end(file.content ?? "");
          }
        } else json(response, 200, select(file, fields));
      } else if (route === "GET files/:id/export") {
        const wanted = request.query.get("mimeType") ?? "";
        if (!file) notFound();
        else if (!EXPORTABLE[file.mimeType]?.includes(wanted)) {
          googleError(
            response,
            400,
            "INVALID_ARGUMENT",
            "The requested conversion is not supported.",
            "badRequest",
          );
        } else response.writeHead(200, { "content-type": wanted }).end(file.content ?? "");
      } else if (route === "PATCH files/:id") {
        if (!file) notFound();
        else {
          Object.assign(file, body());
          const add = request.query.get("addParents");
          const remove = request.query.get("removeParents");
          if (remove) file.parents = file.parents.filter((parent) => parent !== remove);
          if (add) file.parents.push(add);
          json(response, 200, select(file, fields));
        }
      } else if (route === "POST files/:id/permissions") {
        const permission = body();
        if (!file) notFound();
        else if ((permission.type === "user" || permission.type === "group") && !permission.emailAddress) {
          googleError(
            response,
            400,
            "INVALID_ARGUMENT",
            "The permission value field is required.",
            "required",
          );
        } else {
          drive.permissions.push({ fileId: file.id, body: permission });
          json(response, 200, {
            kind: "drive#permission",
            id: `perm${drive.permissions.length}`,
            ...permission,
          });
        }
      } else if (route === "GET about") {
        // about.get requires `fields`; "user" is the signed-in (or acted-as) user.
        if (!fields)
          googleError(
            response,
            400,
            "INVALID_ARGUMENT",
            "The 'fields' parameter is required for this method.",
            "required",
          );
        else
          json(response, 200, {
            user: {
              kind: "drive#user",
              displayName: "Drive User",
              emailAddress: drive.aboutEmail,
              me: true,
              permissionId: "0123",
            },
          });
      } else googleError(response, 404, "NOT_FOUND", "Not Found", "notFound");
      return true;
    },
  };
  return drive;
}
