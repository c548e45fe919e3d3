import { describe, expect, it } from "vitest";
import { companyRelative, publicRelative } from "../../tools/importer/media.ts";

describe("old media references as paths under public/", () => {
  it("a bare name, a URL and an absolute path of the same file read the same path", () => {
    expect(publicRelative("a.png")).toBe("a.png");
    expect(publicRelative("https://old.example/public/a.png")).toBe("a.png");
    expect(publicRelative("public/announcements/b.png")).toBe("announcements/b.png");
  });

  it("a message's media is in its company's folder, however the fork stored it", () => {
    expect(companyRelative("foto.jpg", 2)).toBe("company2/foto.jpg");
    expect(companyRelative("https://old.example/public/company2/foto.jpg", 2)).toBe("company2/foto.jpg");
    expect(companyRelative("/srv/backend/public/company2/foto.jpg", 2)).toBe("company2/foto.jpg");
    // Another company's folder name is a file name here, not a way out of this company's folder.
    expect(companyRelative("company3/foto.jpg", 2)).toBe("company2/company3/foto.jpg");
  });
});
