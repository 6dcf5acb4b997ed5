// The Khronos glTF validator ships no types; the model tests use this much of it.
declare module 'gltf-validator' {
  interface ValidationReport {
    issues: { numErrors: number; numWarnings: number; messages: unknown[] };
  }
  export function validateBytes(data: Uint8Array, options?: { maxIssues?: number }): Promise<ValidationReport>;
  const validator: { validateBytes: typeof validateBytes };
  export default validator;
}
