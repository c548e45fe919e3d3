import { describe, expect, it } from "vitest";
import { embedUrl, thumbnailUrl, videoId } from "./video-code.ts";

describe("video codes", () => {
  it("accepts a bare code and the common YouTube links", () => {
    expect(videoId("dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(videoId(" https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10 ")).toBe("dQw4w9WgXcQ");
    expect(videoId("https://youtu.be/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(videoId("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(videoId("https://youtube.com/shorts/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
  });

  it("refuses anything that is not exactly an id (it goes into URLs)", () => {
    for (const bad of ["", null, undefined, "abc", "a b c d e f", 'x"><script>', "javascript:alert(1)", "https://evil.example/watch?v=dQw4w9WgXcQ", "https://youtu.be/../x"])
      expect(videoId(bad)).toBeNull();
  });

  it("builds the thumbnail and privacy-enhanced player URLs", () => {
    expect(thumbnailUrl("abc123")).toBe("https://i.ytimg.com/vi/abc123/hqdefault.jpg");
    expect(embedUrl("abc123")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/abc123\?/);
  });
});
