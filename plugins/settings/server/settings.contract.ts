declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * The file path of the PIX certificate uploaded for a destination ("efi-production",
     * "efi-homologation"), or null when none was uploaded. For the billing plugin's mTLS client.
     */
    "settings.certificatePath": (destination: string) => Promise<string | null>;
    /**
     * A platform setting's plain value ("" for an unknown key): payment credentials are stored
     * sealed and opened here. For the billing plugin's providers.
     */
    "settings.platformValue": (key: string) => Promise<string>;
  }
}

export {};
