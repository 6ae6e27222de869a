namespace DocStore.Modeling;

/// <summary>One entry of an in-memory index: the index key, then the primary key that breaks ties.</summary>
internal readonly record struct IndexEntry(byte[] IndexKey, byte[] PrimaryKey) : IComparable<IndexEntry>
{
    public int CompareTo(IndexEntry other)
    {
        int byIndex = IndexKey.AsSpan().SequenceCompareTo(other.IndexKey);
        return byIndex != 0 ? byIndex : PrimaryKey.AsSpan().SequenceCompareTo(other.PrimaryKey);
    }
}
