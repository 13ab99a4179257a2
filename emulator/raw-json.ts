/** JSON text a handler has already serialized; the writer sends it as it is instead of stringifying. */
export class RawJson {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }
}
