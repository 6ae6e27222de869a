namespace DocStore.Bson.Keys;

/// <summary>Builds the <see cref="BsonFormatException"/>s that key decoding throws, with uniform wording.</summary>
internal static class KeyErrors
{
    public static BsonFormatException Truncated(KeyType type, long offset) =>
        new($"The key ends inside a {type} component", offset);

    public static BsonFormatException Invalid(KeyType type, string what, long offset) =>
        new($"Malformed {type} key component: {what}", offset);
}
