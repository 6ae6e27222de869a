using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Options;

namespace DocStore.Extensions.DependencyInjection;

/// <summary>Binds a configuration section onto <see cref="DocStoreHostOptions"/> with the source-generated binder (no reflection: trimming and NativeAOT stay clean).</summary>
internal static class DocStoreHostBinding
{
    /// <summary>
    /// Binds the keys present in <paramref name="section"/>; absent keys keep their values. A value that does
    /// not convert is reported as an <see cref="OptionsValidationException"/>, as an out-of-range one is, so
    /// every bad value fails the host's start the same way.
    /// </summary>
    public static void Bind(IConfiguration section, DocStoreHostOptions target, string name, string label)
    {
        try
        {
            var keys = new DocStoreHostKeys();
            section.Bind(keys);
            keys.ApplyTo(target);
        }
        catch (InvalidOperationException e)
        {
            // The binder's message names the key's full path and the value.
            throw new OptionsValidationException(name, typeof(DocStoreHostOptions), [$"{label}: {e.Message}"]);
        }
    }

    /// <summary>How a key is named in messages: with the section's path, or as a property of the options.</summary>
    public static string KeyPrefix(IConfiguration? section) => section switch
    {
        IConfigurationSection { Path.Length: > 0 } s => s.Path + ":",
        null => nameof(DocStoreHostOptions) + ".",
        _ => "",
    };
}
