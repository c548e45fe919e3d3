import { useState } from "react";

/** A contact's picture, or their initial on a grey disc when there is none (or it fails to load). */
export function ContactAvatar({ name, src, size = 32 }: { name: string; src?: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, borderRadius: "50%", flexShrink: 0 } as const;
  if (src && !broken) return <img src={src} alt={name} style={{ ...style, objectFit: "cover" }} onError={() => setBroken(true)} />;
  return (
    <span
      role="img"
      aria-label={name}
      style={{ ...style, display: "inline-flex", alignItems: "center", justifyContent: "center", background: "#8f99a8", color: "#fff", fontWeight: 600 }}
    >
      {name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
