/** Spec 002 §5: a flow's name is required, 2 to 50 characters. Answers the locale key of the problem, or null. */
export function flowNameError(name: string): "validation.required" | "validation.tooShort" | "validation.tooLong" | null {
  const v = name.trim();
  if (!v) return "validation.required";
  if (v.length < 2) return "validation.tooShort";
  if (v.length > 50) return "validation.tooLong";
  return null;
}
