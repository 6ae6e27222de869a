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

    /// <summary>The double-write file of an encrypted database (unused by a plain one).</summary>
    public FaultInjectingStorageDevice DoubleWrite { get; } = new("p.db-dw");

    /// <summary>Opens the engine on the rig's devices.</summary>
    public StorageEngine Open(StorageOptions options) => Open(Db, Wal, DoubleWrite, options);

    /// <summary>
    /// Opens a new engine on what a power cut leaves: every synced write, and the first <paramref name="tearBytes"/>
    /// bytes of the first unsynced write of each file; <paramref name="loseDoubleWrite"/> opens an encrypted
    /// database without its double-write file, and <paramref name="alterDoubleWrite"/> changes what is left of
    /// that file first (a tampered or replaced file).
    /// </summary>
    public StorageEngine Reopen(int tearBytes, StorageOptions options, bool loseDoubleWrite = false, Func<byte[], byte[]>? alterDoubleWrite = null) =>
        Open(
            new FaultInjectingStorageDevice("p.db", Db.PowerCut(tearBytes)),
            new FaultInjectingStorageDevice("p.db-wal", Wal.PowerCut(tearBytes)),
            loseDoubleWrite ? null : new FaultInjectingStorageDevice("p.db-dw", (alterDoubleWrite ?? (bytes => bytes))(DoubleWrite.PowerCut(tearBytes))),
            options);

    private StorageEngine Open(IStorageDevice db, IStorageDevice wal, IStorageDevice? doubleWrite, StorageOptions options)
    {
        if (_key is null)
        {
            return TestDatabase.Open(db, wal, options);
        }

        var encrypted = _key.WrapDatabase(db);
        if (doubleWrite is not null)
        {
            encrypted.AttachDoubleWrite(_key.OpenDoubleWrite(doubleWrite));
        }

        return TestDatabase.Open(encrypted, _key.WrapLog(wal, CipherEnvelope.WalKind), options);
    }
}
