using System.Globalization;

namespace DocStore;

/// <summary>
/// Checks a second opener's options against the engine already open on the file: the open engine fixes
/// them for every context sharing it, so a setting the opener asks for and cannot get is an error, not a
/// silent surprise (docs/ado-net.md, "One open database per file").
/// </summary>
internal static class OptionConflicts
{
    // PageSize is left out: it only shapes a new file, and an existing file keeps its own whoever opens it.
    private static readonly (EngineOption Option, Func<DocStoreOptions, object> Value)[] EngineWide =
    [
        (EngineOption.ReadOnly, o => o.ReadOnly),
        (EngineOption.Durability, o => o.Durability),
        (EngineOption.CacheSizePages, o => o.CacheSizePages),
        (EngineOption.WriteLockTimeout, o => o.WriteLockTimeout),
        (EngineOption.AutoCheckpointFrames, o => o.AutoCheckpointFrames),
        (EngineOption.JournalSizeLimit, o => o.JournalSizeLimit),
        (EngineOption.UnbufferedWalWrites, o => o.UnbufferedWalWrites),
        (EngineOption.RedoLog, o => o.RedoLog),
        (EngineOption.Compression, o => o.Compression),
        (EngineOption.Sharing, o => o.Sharing),
        (EngineOption.BusyTimeout, o => o.BusyTimeout),
        (EngineOption.ChangeRetention, o => ChangeRetention.Describe(o.ChangeRetention)),
    ];

    /// <summary>The settings checked when a file is opened again in the process.</summary>
    /// <remarks>The key and password are compared whether the opener sets them or not (see <c>CheckKey</c>).</remarks>
    public static IEnumerable<EngineOption> Checked => EngineWide.Select(e => e.Option).Concat([EngineOption.EncryptionKey, EngineOption.Password]);

    /// <summary>Throws when <paramref name="asked"/> sets a value of an engine-wide setting other than the open engine's.</summary>
    /// <param name="file">The full path of the file.</param>
    /// <param name="open">The options the engine was opened with.</param>
    /// <param name="asked">The second opener's options; only the settings it sets explicitly count, and ReadOnly always.</param>
    /// <exception cref="DatabaseLockedException">A setting differs; the message names it, both values and the file.</exception>
    public static void Check(string file, DocStoreOptions open, DocStoreOptions asked)
    {
        // ReadOnly is the opener's access, not a tuning: one that leaves it unset means to write, and a
        // read-only context handed to it would fail only at its first write.
        CheckKey(file, open, asked);
        var given = asked.Given | EngineOption.ReadOnly;
        foreach (var (option, value) in EngineWide)
        {
            if ((given & option) == 0)
            {
                continue;
            }

            var wanted = value(asked);
            var current = value(open);
            if (!wanted.Equals(current))
            {
                throw DatabaseLockedException.OptionConflict(file, option.ToString(), Text(current), Text(wanted));
            }
        }
    }

    // The key counts whatever the opener sets: a context without an encrypted database's key must not share its engine.
    private static void CheckKey(string file, DocStoreOptions open, DocStoreOptions asked)
    {
        var openEncrypted = open.EncryptionKey is not null || open.Password is not null;
        var askedEncrypted = asked.EncryptionKey is not null || asked.Password is not null;
        if (!openEncrypted && !askedEncrypted)
        {
            return;
        }

        if (!askedEncrypted)
        {
            throw EncryptionKeyException.Required(file);
        }

        if (!openEncrypted)
        {
            throw EncryptionKeyException.NotEncrypted(file);
        }

        var same = open.EncryptionKey is { } key
            ? asked.EncryptionKey is { } other && System.Security.Cryptography.CryptographicOperations.FixedTimeEquals(key, other)
            : string.Equals(open.Password, asked.Password, StringComparison.Ordinal);
        if (!same)
        {
            throw EncryptionKeyException.Wrong(file);
        }
    }

    /// <summary>The settings <paramref name="options"/> sets explicitly, with their values (<c>Durability=Normal;ReadOnly=True</c>), in a fixed order.</summary>
    public static string Describe(DocStoreOptions options) =>
        string.Join(';', EngineWide.Where(e => (options.Given & e.Option) != 0).Select(e => $"{e.Option}={Text(e.Value(options))}"));

    private static string Text(object value) => Convert.ToString(value, CultureInfo.InvariantCulture) ?? string.Empty;
}
