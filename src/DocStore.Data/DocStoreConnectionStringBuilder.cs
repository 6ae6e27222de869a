using System.Data.Common;
using System.Globalization;

namespace DocStore.Data;

/// <summary>
/// Builds and parses DocStore connection strings: <c>Data Source=app.db;Mode=ReadOnly;Durability=Normal</c>.
/// Keys are case-insensitive; unknown keys are an error when the connection opens.
/// </summary>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Design", "CA1010:Generic interface should also be implemented", Justification = "The collection shape is DbConnectionStringBuilder's.")]
public sealed class DocStoreConnectionStringBuilder : DbConnectionStringBuilder
{
    private const string DataSourceKey = "Data Source";
    private const string ModeKey = "Mode";
    private const string DurabilityKey = "Durability";
    private const string PoolingKey = "Pooling";
    private const string IdleTimeoutKey = "Idle Timeout";
    private const string CacheSizeKey = "Cache Size";
    private const string SharingKey = "Sharing";
    private const string BusyTimeoutKey = "Busy Timeout";
    private const string PasswordKey = "Password";
    private const string PersistSecurityInfoKey = "Persist Security Info";

    private static readonly Dictionary<string, string> Synonyms = new(StringComparer.OrdinalIgnoreCase)
    {
        [DataSourceKey] = DataSourceKey,
        ["DataSource"] = DataSourceKey,
        ["Filename"] = DataSourceKey,
        [ModeKey] = ModeKey,
        [DurabilityKey] = DurabilityKey,
        [PoolingKey] = PoolingKey,
        [IdleTimeoutKey] = IdleTimeoutKey,
        ["IdleTimeout"] = IdleTimeoutKey,
        [CacheSizeKey] = CacheSizeKey,
        ["CacheSize"] = CacheSizeKey,
        [SharingKey] = SharingKey,
        [BusyTimeoutKey] = BusyTimeoutKey,
        ["BusyTimeout"] = BusyTimeoutKey,
        [PasswordKey] = PasswordKey,
        ["Pwd"] = PasswordKey,
        [PersistSecurityInfoKey] = PersistSecurityInfoKey,
        ["PersistSecurityInfo"] = PersistSecurityInfoKey,
    };

    /// <summary>Creates an empty builder.</summary>
    public DocStoreConnectionStringBuilder()
    {
    }

    /// <summary>Creates a builder holding <paramref name="connectionString"/>.</summary>
    /// <param name="connectionString">The connection string to parse.</param>
    public DocStoreConnectionStringBuilder(string? connectionString)
    {
        ConnectionString = connectionString ?? string.Empty;
    }

    /// <summary>The database file path, or <c>:memory:</c> (<see cref="DocStoreContext.InMemoryPath"/>) for a private in-memory database.</summary>
    public string DataSource
    {
        get => Get(DataSourceKey) ?? string.Empty;
        set => this[DataSourceKey] = value;
    }

    /// <summary><see cref="DocStoreOpenMode.ReadWrite"/> (default) or <see cref="DocStoreOpenMode.ReadOnly"/>.</summary>
    public DocStoreOpenMode Mode
    {
        get => ParseEnum(ModeKey, DocStoreOpenMode.ReadWrite);
        set => this[ModeKey] = value.ToString();
    }

    /// <summary>When commits reach stable storage (<see cref="DocStore.Durability"/>); default <see cref="DocStore.Durability.Full"/>.</summary>
    public Durability Durability
    {
        get => ParseEnum(DurabilityKey, Durability.Full);
        set => this[DurabilityKey] = value.ToString();
    }

    /// <summary>Whether a closed connection leaves the database open for the next one (default true); see <see cref="IdleTimeout"/>.</summary>
    public bool Pooling
    {
        get => Get(PoolingKey) is { } text ? ParseBool(PoolingKey, text) : true;
        set => this[PoolingKey] = value;
    }

    /// <summary>How long, in seconds, a pooled database stays open after its last connection closes (default 5; 0 closes at once).</summary>
    public int IdleTimeout
    {
        get => Get(IdleTimeoutKey) is { } text ? ParseInt(IdleTimeoutKey, text) : 5;
        set => this[IdleTimeoutKey] = value;
    }

    /// <summary>Pages the page cache holds (<see cref="DocStoreOptions.CacheSizePages"/>); 0 or absent for the default.</summary>
    public int CacheSize
    {
        get => Get(CacheSizeKey) is { } text ? ParseInt(CacheSizeKey, text) : 0;
        set => this[CacheSizeKey] = value;
    }

    /// <summary>
    /// Whether other processes may open the file beside this one (<see cref="DocStoreOptions.Sharing"/>). When
    /// the key is absent: <see cref="DocStoreSharing.Shared"/>, so connections of several programs (and the
    /// <c>docstore</c> tool) read and write the file at once, taking turns to write; <c>Sharing=Exclusive</c>
    /// keeps every other process out. On macOS, which has no byte-range locks for the shared mode, the
    /// default is <see cref="DocStoreSharing.Exclusive"/>. Either way an absent key takes the setting of a
    /// file already open in the process.
    /// </summary>
    public DocStoreSharing Sharing
    {
        get => ParseEnum(SharingKey, DefaultSharing);
        set => this[SharingKey] = value.ToString();
    }

    // Shared wherever the shared mode runs (docs/decisions.md, "ADO.NET connections open shared by default").
    private static DocStoreSharing DefaultSharing =>
        Storage.Sharing.SharedMemoryFile.IsSupported ? DocStoreSharing.Shared : DocStoreSharing.Exclusive;

    /// <summary>
    /// With <c>Sharing=Shared</c>: how long, in whole seconds, a write waits for another process's write
    /// transaction to end before <see cref="DatabaseBusyException"/> (<see cref="DocStoreOptions.BusyTimeout"/>);
    /// 0 fails at once. Absent: the engine's default (5).
    /// </summary>
    public int BusyTimeout
    {
        get => Get(BusyTimeoutKey) is { } text ? ParseInt(BusyTimeoutKey, text) : (int)new DocStoreOptions().BusyTimeout.TotalSeconds;
        set => this[BusyTimeoutKey] = value;
    }

    /// <summary>
    /// The password of an encrypted database (<see cref="DocStoreOptions.Password"/>): a new file is created
    /// encrypted, an existing one must have been created with it. Absent or empty: not encrypted.
    /// </summary>
    public string Password
    {
        get => Get(PasswordKey) ?? string.Empty;
        set => this[PasswordKey] = value;
    }

    /// <summary>
    /// Whether an opened <see cref="DocStoreConnection"/> still shows the <c>Password</c> in its
    /// <see cref="DocStoreConnection.ConnectionString"/>. Default false: once open, the string is shown without it.
    /// </summary>
    public bool PersistSecurityInfo
    {
        get => Get(PersistSecurityInfoKey) is { } text && !string.IsNullOrWhiteSpace(text) && ParseBool(PersistSecurityInfoKey, text);
        set => this[PersistSecurityInfoKey] = value;
    }

    /// <summary>Gets or sets a value by key (synonyms such as <c>DataSource</c> and <c>Filename</c> map to their canonical key).</summary>
    /// <param name="keyword">The key.</param>
    /// <returns>The value.</returns>
    [System.Diagnostics.CodeAnalysis.AllowNull]
    public override object this[string keyword]
    {
        get => base[Canonical(keyword)];
        set => base[Canonical(keyword)] = value;
    }

    /// <summary>
    /// The database options the connection string describes. An option the string does not mention is left
    /// unset: opening a file that is already open in the process then takes the open database's value, while
    /// one it sets must match it (docs/ado-net.md, "One open database per file").
    /// </summary>
    /// <returns>The options.</returns>
    /// <exception cref="ArgumentException">A key is unknown or a value is malformed.</exception>
    public DocStoreOptions ToOptions()
    {
        foreach (string key in Keys)
        {
            _ = Canonical(key);
        }

        // A key the string does not mention is not set: the database already open in the process decides it.
        var defaults = new DocStoreOptions();
        var unset = EngineOption.None;
        unset |= Given(ModeKey) ? EngineOption.None : EngineOption.ReadOnly;
        unset |= Given(DurabilityKey) ? EngineOption.None : EngineOption.Durability;
        unset |= CacheSize > 0 ? EngineOption.None : EngineOption.CacheSizePages;
        unset |= Given(SharingKey) ? EngineOption.None : EngineOption.Sharing;
        unset |= Given(BusyTimeoutKey) ? EngineOption.None : EngineOption.BusyTimeout;
        _ = PersistSecurityInfo;
        return new DocStoreOptions
        {
            Sharing = Sharing,
            BusyTimeout = TimeSpan.FromSeconds(BusyTimeout),
            ReadOnly = Mode == DocStoreOpenMode.ReadOnly,
            Durability = Durability,
            CacheSizePages = CacheSize > 0 ? CacheSize : defaults.CacheSizePages,
            Password = string.IsNullOrEmpty(Password) ? null : Password,
        }.Unset(unset);
    }

    /// <summary>Removes a key.</summary>
    /// <param name="keyword">The key.</param>
    /// <returns>True when it was present.</returns>
    public override bool Remove(string keyword) => base.Remove(Canonical(keyword));

    /// <summary>True when the key is present.</summary>
    /// <param name="keyword">The key.</param>
    /// <returns>True when present.</returns>
    public override bool ContainsKey(string keyword) => base.ContainsKey(Canonical(keyword));

    private static string Canonical(string keyword) =>
        Synonyms.TryGetValue(keyword, out var canonical) ? canonical
            : throw new ArgumentException($"Connection string key '{keyword}' is not supported; DocStore knows: Data Source, Mode, Durability, Pooling, Idle Timeout, Cache Size, Sharing, Busy Timeout, Password, Persist Security Info.", nameof(keyword));

    private bool Given(string key) => !string.IsNullOrWhiteSpace(Get(key));

    private string? Get(string key) => TryGetValue(key, out var value) ? Convert.ToString(value, CultureInfo.InvariantCulture) : null;

    private TEnum ParseEnum<TEnum>(string key, TEnum fallback)
        where TEnum : struct, Enum
    {
        var text = Get(key);
        if (string.IsNullOrWhiteSpace(text))
        {
            return fallback;
        }

        return Enum.TryParse<TEnum>(text.Trim(), ignoreCase: true, out var value) && Enum.IsDefined(value) ? value
            : throw new ArgumentException($"Connection string key '{key}' has value '{text}'; expected one of {string.Join(", ", Enum.GetNames<TEnum>())}.");
    }

    private static bool ParseBool(string key, string text) => text.Trim().ToUpperInvariant() switch
    {
        "TRUE" or "YES" or "1" => true,
        "FALSE" or "NO" or "0" => false,
        _ => throw new ArgumentException($"Connection string key '{key}' has value '{text}'; expected True or False."),
    };

    private static int ParseInt(string key, string text) =>
        int.TryParse(text.Trim(), NumberStyles.Integer, CultureInfo.InvariantCulture, out var value) && value >= 0 ? value
            : throw new ArgumentException($"Connection string key '{key}' has value '{text}'; expected a whole number from 0 to 2147483647.");
}

/// <summary>How a <see cref="DocStoreConnection"/> opens its database (the <c>Mode</c> key).</summary>
public enum DocStoreOpenMode
{
    /// <summary>Reads and writes; the file is created when it does not exist.</summary>
    ReadWrite,

    /// <summary>Reads only (<see cref="DocStoreOptions.ReadOnly"/>): every write is refused.</summary>
    ReadOnly,
}
