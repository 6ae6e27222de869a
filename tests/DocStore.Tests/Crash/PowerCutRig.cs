using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Devices;
using DocStore.Storage.Encryption;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// The files of one power-cut case: a database and a WAL on fault-injecting devices, opened plain or
/// encrypted (the fault-injecting devices then hold ciphertext, so a torn write tears ciphertext), and
/// reopened on what a power cut leaves of them. <c>PowerCutTests</c> and <c>EncryptedPowerCutTests</c>
/// run the same cases through it.
/// </summary>
internal sealed class PowerCutRig
{
    private readonly DatabaseKey? _key;

    private PowerCutRig(DatabaseKey? key) => _key = key;

    /// <summary>A plain database.</summary>
    public static PowerCutRig Plain() => new(null);

    /// <summary>A database encrypted under <paramref name="key"/> (32 bytes), with 1 KiB pages as <see cref="TestDatabase.Small"/> has.</summary>
    public static PowerCutRig Encrypted(byte[] key) => new(DatabaseKey.New(new EncryptionSecret(key, null, 0), 1024));

    public FaultInjectingStorageDevice Db { get; } = new("p.db");

    public FaultInjectingStorageDevice Wal { get; } = new("p.db-wal");

    /// <summary>Opens the engine on the rig's devices.</summary>
    public StorageEngine Open(StorageOptions options) => Open(Db, Wal, options);

    /// <summary>Opens a new engine on what a power cut leaves: every synced write, and the first <paramref name="tearBytes"/> bytes of the first unsynced write of each file.</summary>
    public StorageEngine Reopen(int tearBytes, StorageOptions options) =>
        Open(new FaultInjectingStorageDevice("p.db", Db.PowerCut(tearBytes)), new FaultInjectingStorageDevice("p.db-wal", Wal.PowerCut(tearBytes)), options);

    private StorageEngine Open(IStorageDevice db, IStorageDevice wal, StorageOptions options) => _key is null
        ? TestDatabase.Open(db, wal, options)
        : TestDatabase.Open(_key.WrapDatabase(db), _key.WrapLog(wal, CipherEnvelope.WalKind), options);
}
