namespace System;

/// <summary>netstandard2.0 lacks the type behind <c>^n</c>; the linked parser indexes with it.</summary>
internal readonly struct Index
{
    private readonly int _value;

    public Index(int value, bool fromEnd = false) => _value = fromEnd ? ~value : value;

    public bool IsFromEnd => _value < 0;

    public int Value => _value < 0 ? ~_value : _value;

    public static implicit operator Index(int value) => new(value);

    public int GetOffset(int length) => IsFromEnd ? length - Value : Value;
}

/// <summary>netstandard2.0 lacks the type behind <c>a..b</c>; the linked parser slices with it.</summary>
internal readonly struct Range
{
    public Range(Index start, Index end)
    {
        Start = start;
        End = end;
    }

    public Index Start { get; }

    public Index End { get; }

    public static Range StartAt(Index start) => new(start, new Index(0, fromEnd: true));

    public static Range EndAt(Index end) => new(new Index(0), end);

    public static Range All => new(new Index(0), new Index(0, fromEnd: true));
}
