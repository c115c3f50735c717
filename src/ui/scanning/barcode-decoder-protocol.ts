/** What the page and the decoder worker say to each other: one frame, its codes. */
export interface DecodeRequest {
  id: number;
  image: ImageData;
}

export type DecodeReply = { id: number; codes: string[] } | { id: number; error: string };
