namespace DocStore.Bson.Keys;

public ref partial struct KeyWriter
{
    /// <summary>Appends <see cref="KeyType.MinKey"/>, which sorts below every value (a range bound).</summary>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteMinKey(bool descending = false) => WriteTagOnly(KeyType.MinKey, descending);

    /// <summary>Appends <see cref="KeyType.MaxKey"/>, which sorts above every value (a range bound).</summary>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteMaxKey(bool descending = false) => WriteTagOnly(KeyType.MaxKey, descending);

    /// <summary>Appends a null, which sorts before every non-null value.</summary>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteNull(bool descending = false) => WriteTagOnly(KeyType.Null, descending);

    /// <summary>Appends a boolean; false sorts before true.</summary>
    /// <param name="value">The value.</param>
    /// <param name="descending">Whether this component sorts from high to low.</param>
    public void WriteBoolean(bool value, bool descending = false)
    {
        var room = Begin(KeyType.Boolean, 2);
        room[1] = value ? (byte)1 : (byte)0;
        Commit(room, 2, descending);
    }

    private void WriteTagOnly(KeyType type, bool descending)
    {
        var room = Begin(type, KeyEncoding.TagSize);
        Commit(room, KeyEncoding.TagSize, descending);
    }
}
