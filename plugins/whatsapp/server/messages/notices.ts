/**
 * The texts the message layer writes into conversations itself (what attendants read when
 * WhatsApp delivered something that is not plain content). Portuguese: the product's
 * default language, like the other stored notices ('Mensagem Privada', 'Essa mensagem foi
 * apagada pelo contato').
 */
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MB`;

export const notices = {
  tooLarge: (fileName: string, bytes: number, limit: number) => `📎 Arquivo não baixado: ${fileName} tem ${mb(bytes)}, acima do limite de download de ${mb(limit)}.`,
  downloadFailed: (fileName: string) => `📎 Não foi possível baixar a mídia (${fileName}) do WhatsApp.`,
  location: "📍 Localização",
  liveLocation: "📍 Localização em tempo real",
  ad: "📣 Anúncio",
  poll: "📊 Enquete",
  votes: (n: number) => (n === 1 ? "1 voto" : `${n} votos`),
  groupInvite: (name: string) => `👥 Convite para o grupo ${name}`.trim(),
  event: "📅 Evento",
  phoneRequest: "📞 Pedido do seu número de telefone",
  unsupported: (type: string) => `Mensagem de um tipo que o sistema não exibe (${type}). Veja no celular.`,
  callRejected: (video: boolean) => `📞 Chamada de ${video ? "vídeo" : "voz"} recebida e recusada automaticamente (as chamadas pelo WhatsApp estão desativadas).`,
};
