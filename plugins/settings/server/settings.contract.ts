declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * The file path of the PIX certificate uploaded for a destination ("efi-production",
     * "efi-homologation"), or null when none was uploaded. For the billing plugin's mTLS client.
     */
    "settings.certificatePath": (destination: string) => Promise<string | null>;
  }
}

export {};
