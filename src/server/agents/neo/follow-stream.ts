// Reading a streamed model answer (streamText's fullStream) as it arrives: the text of the model's
// current turn is told to `onText` each time it grows (a new turn starts over from ""), and an error
// in the stream is thrown here, where the run's own error handling catches it.
interface StreamPart {
  type: string;
  text?: string;
  error?: unknown;
}

export async function followStream(
  stream: { fullStream: AsyncIterable<StreamPart> },
  onText: (text: string) => void,
): Promise<void> {
  let draft = "";
  for await (const part of stream.fullStream) {
    if (part.type === "start-step") {
      if (draft) onText("");
      draft = "";
    } else if (part.type === "text-delta") {
      draft += part.text ?? "";
      onText(draft);
    } else if (part.type === "error") {
      throw part.error;
    }
  }
}
