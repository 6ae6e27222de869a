namespace DocStore.Storage;

/// <summary>
/// Checks that the options' enum values are ones the engine knows: a cast such as <c>(DocStoreSharing)7</c>
/// would otherwise open the file in whichever mode the engine's branches fall through to.
/// </summary>
internal static class OptionChoices
{
    /// <exception cref="ArgumentOutOfRangeException">An option holds a value its enum does not define.</exception>
    public static void Validate(StorageOptions options)
    {
        Defined(options.Durability, nameof(StorageOptions.Durability));
        Defined(options.Sharing, nameof(StorageOptions.Sharing));
        Defined(options.Compression, nameof(StorageOptions.Compression));
    }

    private static void Defined<TEnum>(TEnum value, string name)
        where TEnum : struct, Enum
    {
        if (!Enum.IsDefined(value))
        {
            throw new ArgumentOutOfRangeException(name, value, $"{name} must be one of {string.Join(", ", Enum.GetNames<TEnum>())}.");
        }
    }
}
