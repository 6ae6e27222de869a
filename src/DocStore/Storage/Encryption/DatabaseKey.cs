using System.Security.Cryptography;
using DocStore.Storage.Devices;

namespace DocStore.Storage.Encryption;

/// <summary>
/// The key of one encrypted database, as its envelope describes it: the AES key, the parameters stored in
/// the clear, and the page size. Wraps each of the database's files in an <see cref="EncryptedDevice"/>.
/// </summary>
internal sealed class DatabaseKey
{
    private readonly byte[] _key;

    private DatabaseKey(byte[] key, KeyParameters parameters, int pageSize)
    {
        _key = key;
        Parameters = parameters;
        PageSize = pageSize;
    }

    public KeyParameters Parameters { get; }

    public int PageSize { get; }

    /// <summary>A key for a new file: a fresh salt and identity, the options' key or the password derived at <see cref="KeyDerivation.PasswordIterations"/>.</summary>
    public static DatabaseKey New(EncryptionSecret secret, int pageSize)
    {
        var salt = RandomNumberGenerator.GetBytes(16);
        var identity = RandomNumberGenerator.GetBytes(16);
        var iterations = secret.Password is null ? 0 : secret.Iterations;
        var key = secret.Password is { } password ? KeyDerivation.Derive(password, salt, iterations) : secret.Key!.ToArray();
        return new DatabaseKey(key, new KeyParameters(iterations, salt, identity, KeyDerivation.Check(key, identity)), pageSize);
    }

    /// <summary>The key an envelope describes, from the options' key or password; null when the key check fails (a wrong key).</summary>
    public static DatabaseKey? Open(EncryptionSecret secret, EnvelopeFields envelope)
    {
        byte[] key;
        if (secret.Password is { } password)
        {
            if (envelope.Iterations <= 0)
            {
                return null;
            }

            key = KeyDerivation.Derive(password, envelope.Salt, envelope.Iterations);
        }
        else
        {
            key = secret.Key!.ToArray();
        }

        var check = KeyDerivation.Check(key, envelope.Identity);
        return CryptographicOperations.FixedTimeEquals(check, envelope.KeyCheck)
            ? new DatabaseKey(key, new KeyParameters(envelope.Iterations, envelope.Salt, envelope.Identity, check), envelope.PageSize)
            : null;
    }

    /// <summary>Whether <paramref name="envelope"/> is of the file this key was opened for: the same identity, key check and page size.</summary>
    public bool Describes(EnvelopeFields envelope) =>
        envelope.PageSize == PageSize && envelope.Iterations == Parameters.Iterations
        && envelope.Identity.AsSpan().SequenceEqual(Parameters.Identity) && envelope.KeyCheck.AsSpan().SequenceEqual(Parameters.Check);

    /// <summary>The same key for a copy: a new identity, so pages of the copy and of the database cannot stand in for each other.</summary>
    public DatabaseKey ForCopy() => WithIdentity(RandomNumberGenerator.GetBytes(16));

    private DatabaseKey WithIdentity(byte[] identity) =>
        new(_key, Parameters with { Identity = identity, Check = KeyDerivation.Check(_key, identity) }, PageSize);

    /// <summary>The clear envelope of a file of <paramref name="kind"/>.</summary>
    public byte[] Envelope(byte kind) => CipherEnvelope.Write(kind, PageSize, Parameters);

    /// <summary>Wraps the database file's device (blocks of a page).</summary>
    public EncryptedDevice WrapDatabase(IStorageDevice inner) =>
        new(inner, new BlockCipher(_key, Parameters.Identity, CipherEnvelope.DatabaseKind), Envelope(CipherEnvelope.DatabaseKind), SlotLayout.Database(PageSize), strict: true, enveloped: inner.Length >= CipherEnvelope.Size);

    /// <summary>Wraps a log's device (4 KiB slots of 4,064 plaintext bytes, <see cref="SlotLayout.Log"/>); a log that already has an envelope must carry this database's identity and key check.</summary>
    /// <exception cref="DatabaseCorruptException">The log belongs to another database, is not encrypted, or was written under another key.</exception>
    public EncryptedDevice WrapLog(IStorageDevice inner, byte kind)
    {
        var enveloped = false;
        if (inner.Length > 0)
        {
            var prefix = new byte[CipherEnvelope.Size];
            var read = inner.Read(0, prefix);
            if (read == CipherEnvelope.Size && prefix.AsSpan().IndexOfAnyExcept((byte)0) >= 0)
            {
                var fields = CipherEnvelope.Read(prefix)
                    ?? throw new DatabaseCorruptException(inner.Name, -1, "the log is not encrypted, or its clear header is damaged, beside an encrypted database");
                if (fields.Kind != kind || !fields.Identity.AsSpan().SequenceEqual(Parameters.Identity) || !fields.KeyCheck.AsSpan().SequenceEqual(Parameters.Check))
                {
                    throw new DatabaseCorruptException(inner.Name, -1, "the log belongs to another database (its file identity or key check differs from the database file's)");
                }

                enveloped = true;
            }

            // Otherwise a log cut off before its envelope was written: it holds nothing, and gets one at its first write.
        }

        return new EncryptedDevice(inner, new BlockCipher(_key, Parameters.Identity, kind), Envelope(kind), SlotLayout.Log, strict: false, enveloped);
    }

    /// <summary>
    /// Opens the database file's double-write file (<see cref="PageDoubleWrite"/>); what a file of another
    /// database or key holds (or a file cut before its envelope) is taken for nothing and dropped at the first write.
    /// </summary>
    public PageDoubleWrite OpenDoubleWrite(IStorageDevice inner)
    {
        var enveloped = false;
        var stale = false;
        if (inner.Length > 0)
        {
            var prefix = new byte[CipherEnvelope.Size];
            var read = inner.Read(0, prefix);
            var fields = read == CipherEnvelope.Size ? CipherEnvelope.Read(prefix) : null;
            enveloped = fields is not null && fields.Kind == CipherEnvelope.DoubleWriteKind
                && fields.Identity.AsSpan().SequenceEqual(Parameters.Identity) && fields.KeyCheck.AsSpan().SequenceEqual(Parameters.Check);
            stale = !enveloped;
        }

        var device = new EncryptedDevice(inner, new BlockCipher(_key, Parameters.Identity, CipherEnvelope.DoubleWriteKind), Envelope(CipherEnvelope.DoubleWriteKind), PageDoubleWrite.Layout(PageSize), strict: false, enveloped);
        return new PageDoubleWrite(device, PageSize, stale);
    }
}
