package org.apache.commons.codec;

import org.apache.commons.codec.binary.Hex;
import org.apache.commons.codec.digest.DigestUtils;
import org.apache.commons.codec.digest.Md5Crypt;
import org.apache.commons.codec.digest.MurmurHash2;
import org.apache.commons.codec.digest.Sha2Crypt;
import org.apache.commons.codec.digest.UnixCrypt;
import org.apache.commons.codec.language.RefinedSoundex;
import org.apache.commons.codec.net.QuotedPrintableCodec;
import org.junit.Test;

/**
 * Crashes injected into commons-codec's test suite by bench/record-real.sh: each test calls
 * the library's API with bad input so that a JDK or VM exception escapes from inside it (not
 * the library's own argument checks). Every test fails; `dsd record` should record and
 * replay each crash.
 */
public class InjectedCrashTest {
    @Test
    public void encodeHexOfNull() {
        Hex.encodeHex((byte[]) null);
    }

    @Test
    public void digestWithoutAlgorithm() {
        new DigestUtils((java.security.MessageDigest) null).digest("abc");
    }

    @Test
    public void refinedSoundexWithShortMapping() {
        new RefinedSoundex("01".toCharArray()).encode("zebra");
    }

    @Test
    public void md5CryptOfNull() {
        Md5Crypt.md5Crypt(null, "$1$abcdefgh");
    }

    @Test
    public void unixCryptWithNullSalt() {
        UnixCrypt.crypt((byte[]) null, "ab");
    }

    @Test
    public void murmurOfNullText() {
        MurmurHash2.hash32((String) null);
    }

    @Test
    public void md5HexOfNullStream() throws Exception {
        DigestUtils.md5Hex((java.io.InputStream) null);
    }

    @Test
    public void sha256CryptOfNull() {
        Sha2Crypt.sha256Crypt(null, "$5$abcdefgh");
    }

    @Test
    public void quotedPrintableOfUnknownCharset() {
        new QuotedPrintableCodec("no-such-charset");
    }

    @Test
    public void hexOfUnknownCharset() {
        new Hex("no-such-charset");
    }
}
