namespace DocStore.Bson.Interop;

/// <summary>The two output formats of MongoDB Extended JSON v2.</summary>
public enum ExtendedJsonMode
{
    /// <summary>
    /// Every value keeps its exact BSON type: numbers are wrapped (<c>{"$numberInt": "1"}</c>,
    /// <c>{"$numberDouble": "1.0"}</c>), dates are <c>{"$date": {"$numberLong": "..."}}</c>. Parsing canonical
    /// output gives back the same BSON.
    /// </summary>
    Canonical,

    /// <summary>
    /// Readable output: int32, int64 and finite doubles are plain JSON numbers and dates between the years
    /// 1970 and 9999 are ISO-8601 strings. Parsing relaxed output may change numeric types (an int64 that
    /// fits in 32 bits comes back as an int32), so it is not a lossless format.
    /// </summary>
    Relaxed,
}
