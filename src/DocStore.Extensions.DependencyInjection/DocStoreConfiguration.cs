using System.Globalization;
using Microsoft.Extensions.Configuration;

namespace DocStore.Extensions.DependencyInjection;

/// <summary>
/// Reads <see cref="DocStoreHostOptions"/> from a configuration section by hand rather than with the
/// reflection binder, so hosted apps stay trimmable and NativeAOT-clean.
/// </summary>
internal static class DocStoreConfiguration
{
    /// <summary>Applies the keys present in <paramref name="section"/> over <paramref name="target"/>; absent keys keep their values.</summary>
    /// <exception cref="InvalidOperationException">A value does not parse; the message names the key.</exception>
    public static void Apply(IConfiguration section, DocStoreHostOptions target)
    {
        if (section["Path"] is { Length: > 0 } path)
        {
            target.Path = path;
        }

        var o = target.Options;
        target.Options = new DocStoreOptions
        {
            Durability = Read(section, nameof(DocStoreOptions.Durability), o.Durability, ParseEnum<Durability>),
            CacheSizePages = Read(section, nameof(DocStoreOptions.CacheSizePages), o.CacheSizePages, ParseInt),
            WriteLockTimeout = Read(section, nameof(DocStoreOptions.WriteLockTimeout), o.WriteLockTimeout, s => TimeSpan.Parse(s, CultureInfo.InvariantCulture)),
            PageSize = Read(section, nameof(DocStoreOptions.PageSize), o.PageSize, ParseInt),
            AutoCheckpointFrames = Read(section, nameof(DocStoreOptions.AutoCheckpointFrames), o.AutoCheckpointFrames, ParseInt),
            JournalSizeLimit = Read(section, nameof(DocStoreOptions.JournalSizeLimit), o.JournalSizeLimit, s => long.Parse(s, NumberStyles.Integer, CultureInfo.InvariantCulture)),
            UnbufferedWalWrites = Read(section, nameof(DocStoreOptions.UnbufferedWalWrites), o.UnbufferedWalWrites, bool.Parse),
            RedoLog = Read(section, nameof(DocStoreOptions.RedoLog), o.RedoLog, bool.Parse),
            ReadOnly = Read(section, nameof(DocStoreOptions.ReadOnly), o.ReadOnly, bool.Parse),
            Compression = Read(section, nameof(DocStoreOptions.Compression), o.Compression, ParseEnum<ValueCompression>),
        };
    }

    private static T ParseEnum<T>(string s)
        where T : struct, Enum =>
        Enum.TryParse<T>(s, ignoreCase: true, out var value) && Enum.IsDefined(value)
            ? value
            : throw new FormatException($"Expected one of {string.Join(", ", Enum.GetNames<T>())}.");

    private static int ParseInt(string s) => int.Parse(s, NumberStyles.Integer, CultureInfo.InvariantCulture);

    private static T Read<T>(IConfiguration section, string key, T current, Func<string, T> parse)
    {
        var text = section[key];
        if (string.IsNullOrWhiteSpace(text))
        {
            return current;
        }

        try
        {
            return parse(text.Trim());
        }
        catch (Exception e) when (e is FormatException or OverflowException or ArgumentException)
        {
            throw new InvalidOperationException($"DocStore configuration: '{text}' is not a valid value for '{key}' ({typeof(T).Name}).", e);
        }
    }
}
