//! Basic packets: strings, numbers, errors, login and authentication, packet lists.

use super::Record;

packets! {
    /// `Packet` (type 0). Packet base class.
    0 Packet {}
    /// `PacketString` (type 1). Packet containing a single string.
    1 PacketString {
        string: String = Str,
    }
    /// `PacketInt` (type 2). Packet containing an unsigned integer value.
    2 PacketInt {
        value: u32 = U32,
    }
    /// `PacketError` (type 3). Packet describing an error.
    3 PacketError {
        message: String = Str,
        code: u32 = U32,
        other_type: u8 = U8,
    }
    /// `PacketAck` (type 4).
    4 PacketAck {}
    /// `PacketPing` (type 5).
    5 PacketPing {}
    /// `PacketSerial` (type 6). The serial number of the authenticated user associated to the
    /// client after a PacketLogin was sent.
    6 PacketSerial {
        serial: u32 = U32,
    }
    /// `PacketQuit` (type 7). Client tells the server it will leave.
    7 PacketQuit {}
    /// `PacketAuthOk` (type 8). Authentication request succeeded.
    8 PacketAuthOk {}
    /// `PacketAuthRefused` (type 9). Authentication request was refused by the server.
    9 PacketAuthRefused {
        message: String = Str,
        code: u32 = U32,
        other_type: u8 = U8,
    }
    /// `PacketLogin` (type 10). Authentify user "name" with "password".
    10 PacketLogin {
        name: String = Str,
        password: String = Str,
    }
    /// `PacketAuthRequest` (type 11). Packet to ask authentification from the client.
    11 PacketAuthRequest {}
    /// `PacketList` (type 12). Packet containing a list of packets.
    12 PacketList {
        packets: Vec<Record> = Packets,
    }
    /// `PacketLogout` (type 13). Login out.
    13 PacketLogout {}
    /// `PacketBootstrap` (type 14).
    14 PacketBootstrap {}
    /// `PacketProtocolError` (type 15). Client protocol version does not match server protocol
    /// version.
    15 PacketProtocolError {
        message: String = Str,
        code: u32 = U32,
        other_type: u8 = U8,
    }
    /// `PacketMessage` (type 16). Server => client Informative messages.
    16 PacketMessage {
        string: String = Str,
    }
    /// `PacketAuth` (type 25). Authentify user with "auth" token.
    25 PacketAuth {
        auth: String = Str,
    }
}
